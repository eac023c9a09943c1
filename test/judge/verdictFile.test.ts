import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as ai7 from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { display } from '../../src/store/index.js';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { createToolCallAccuracyScorerLLM } from '../../src/scoring/llmScorer.js';
import { call, makeTools, sdks, type ProviderStep } from '../fixtures/aiSdk.js';
import { judgeModel } from '../helpers/judgeModels.js';
import { rejectionOf } from '../helpers/failureOf.js';

const sdk7 = sdks.find((sdk) => sdk.name === 'ai7')!;
const tools = makeTools(sdk7);
const { 'auth-tool': authTool, 'fetch-tool': fetchTool } = tools;

const twoCalls: ProviderStep[] = [[call('c1', 'auth-tool', { user: 'alice' }), call('c2', 'fetch-tool', { url: 'https://x.test/a' })], [{ type: 'text', text: 'Fetched.' }]];
const oneCall: ProviderStep[] = [[call('c1', 'fetch-tool', { url: 'https://x.test/a' })], [{ type: 'text', text: 'Fetched.' }]];

function agentRun(steps: ProviderStep[], prompt: string) {
  return ai7.generateText({ model: sdk7.model(steps), tools, prompt, stopWhen: ai7.stepCountIs(5), include: { requestMessages: true } } as never);
}

const judgeOf = (...toolNames: string[]) =>
  judgeModel({
    evaluations: toolNames.map((toolCalled) => ({ toolCalled, wasAppropriate: true, reasoning: `${toolCalled} was needed.` })),
    missingTools: [],
    reason: 'Each call served the request.',
  });


let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'judge-verdict-files-'));
});
afterEach(async () => {
  resetJudgeConfig();
  await rm(dir, { recursive: true, force: true });
});

describe('verdict files', () => {
  it('in replay, a file whose inputs no longer match is named, with what changed', async () => {
    const model = judgeOf('auth-tool', 'fetch-tool');
    configureJudge({ model, availableTools: tools, cache: { mode: 'auto', dir } });
    await expect(await agentRun(twoCalls, 'Sign in as alice and fetch page a')).toUseAppropriateTools();
    const [recorded] = await readdir(dir);
    expect(recorded).toMatch(/^verdict-files-in-replay-a-file-whose-inputs-no-longer-match--sign-in-as-alice-and-fetch-page-a-[0-9a-f]{12}\.json$/);
    const stale = display(path.join(dir, recorded!));

    configureJudge({ cache: { mode: 'replay' } });
    // The same run replays.
    await expect(await agentRun(twoCalls, 'Sign in as alice and fetch page a')).toUseAppropriateTools();

    const otherRequest = await rejectionOf(expect(await agentRun(twoCalls, 'Sign in as bob and fetch page a')).toUseAppropriateTools());
    expect(otherRequest).toContain(
      [`Stale file: ${stale}, recorded by this test with other inputs:`, '  - the request changed: was "Sign in as alice and fetch page a", now "Sign in as bob and fetch page a"'].join('\n'),
    );
    expect(otherRequest).toContain('Then commit the new file (and delete the stale one).');

    const otherCalls = await rejectionOf(expect(await agentRun(oneCall, 'Sign in as alice and fetch page a')).toUseAppropriateTools());
    expect(otherCalls).toContain(`Stale file: ${stale}, recorded by this test with other inputs:\n  - the calls changed: were "auth-tool", "fetch-tool", now "fetch-tool"\n`);

    const otherTools = await rejectionOf(
      expect(await agentRun(twoCalls, 'Sign in as alice and fetch page a')).toUseAppropriateTools({ availableTools: { 'auth-tool': authTool, 'fetch-tool': fetchTool } }),
    );
    expect(otherTools).toContain(`Stale file: ${stale}, recorded by this test with other inputs:\n  - the available tools changed: removed "flaky-tool", "mcp-search", "delete-tool"\n`);

    const otherModel = await rejectionOf(
      expect(await agentRun(twoCalls, 'Sign in as alice and fetch page a')).toUseAppropriateTools({ model: Object.assign(judgeOf('auth-tool', 'fetch-tool'), { modelId: 'newer-judge' }) }),
    );
    expect(otherModel).toContain('  - the judge model changed: was scripted-judge (test-judge), now newer-judge (test-judge)');
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('a verdict recorded under another test name (a renamed test, or the scorer) still replays by its key', async () => {
    const model = judgeOf('auth-tool', 'fetch-tool');
    configureJudge({ model, availableTools: tools, cache: { mode: 'auto', dir } });
    const run = await agentRun(twoCalls, 'Sign in as alice and fetch page a');
    await expect(run).toUseAppropriateTools();
    const scorer = createToolCallAccuracyScorerLLM({ model, availableTools: tools, cache: { mode: 'replay', dir } });
    expect((await scorer.run(run)).score).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('is written in a fixed key order with sorted data, so recording the same verdict twice writes the same bytes', async () => {
    configureJudge({ availableTools: tools, cache: { mode: 'record', dir } });
    const run = await agentRun(twoCalls, 'Sign in as alice and fetch page a');
    await expect(run).toUseAppropriateTools({ model: judgeOf('auth-tool', 'fetch-tool') });
    const [file] = await readdir(dir);
    const first = await readFile(path.join(dir, file!), 'utf8');
    await rm(path.join(dir, file!));
    await expect(run).toUseAppropriateTools({ model: judgeOf('auth-tool', 'fetch-tool') });
    expect(await readFile(path.join(dir, file!), 'utf8')).toBe(first);
    const entry = JSON.parse(first);
    expect(Object.keys(entry)).toEqual(['test', 'request', 'reply', 'calls', 'availableTools', 'verdict', 'score', 'usage', 'model', 'promptVersion', 'key']);
    expect(entry.test).toBe('verdict files > is written in a fixed key order with sorted data, so recording the same verdict twice writes the same bytes');
    expect(entry.calls[0]).toEqual({ toolName: 'auth-tool', input: { user: 'alice' }, result: { token: 'tok-alice' } });
    expect(Object.keys(entry.availableTools[0])).toEqual(['name', 'description', 'inputSchema']);
  });
});
