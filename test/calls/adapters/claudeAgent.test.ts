/**
 * The Claude Agent SDK reader, over the messages the real `query()` yielded (its CLI against a
 * loopback Messages API: scripts/fixtures/claude-agent/record.mjs).
 */
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/calls/detect.js';
import { getToolCalls } from '../../../src/calls/getToolCalls.js';
import { getRunUsage } from '../../../src/calls/getRunUsage.js';
import { own, turn, within } from '../../../src/calls/views.js';
import { parallel } from '../../../src/refs/parallel.js';
import { sample } from '../../../src/sample/sample.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';
import { claudeAgentMaxTurnsRun as maxTurnsRun, claudeAgentPartialRun as partialRun, claudeAgentRun as run } from '../../fixtures/claudeAgent.js';

describe('what a real run shows', () => {
  it('is claimed as Claude Agent SDK messages, not LangChain ones (a system message looks like one)', () => {
    expect(detectFormat(run)?.format).toBe('claude-agent');
    expect(run[0]).toMatchObject({ type: 'system', subtype: 'init' });
  });

  it('never zero calls: a run that read files, called MCP tools, started a sub-agent and was refused a write', () => {
    expect(() => expect(run).toCallNoTools()).toThrow();
    expect(() => expect(run).not.toCallTool('Write')).toThrow();
    expect(run).toCallToolsInOrder(['Read', 'mcp__weather__get_forecast', 'Agent', 'Write']);
  });

  it('the blocks of one response arrive as messages of their own: one model step, counted once', () => {
    const first = run.filter((message) => message.type === 'assistant' && message.message.id === 'msg_fixture_001');
    expect(first).toHaveLength(3);
    expect(run).toCallToolsInOrder([parallel('Read', 'mcp__weather__get_forecast')]);
    expect(run).not.toCallToolsInOrder([parallel('mcp__weather__get_forecast', 'Agent')]);
  });

  it('a failed MCP tool is an error; a denied permission is a denial, not a failure', () => {
    expect(run).toCallTool('mcp__weather__get_forecast', { city: 'Atlantis' }, { error: 'Unknown city: Atlantis' });
    expect(run).toCallTool('mcp__weather__get_forecast', { city: 'Paris' }, { error: false, output: [{ type: 'text', text: 'Paris: sunny, 21°C' }] });
    expect(run).toCallTool('Write', undefined, { approval: 'denied' });
    expect(getToolCalls(run).find((call) => call.toolName === 'Write')).not.toHaveProperty('error');
    const failed = failureOf(() => expect(run).toCallToolsWithoutErrors()).message;
    expect(failed).toContain('Atlantis');
    expect(failed).not.toMatch(/Write .*failed/);
    expect(run.find((message) => message.type === 'result' && message.permission_denials.length > 0)).toBeDefined();
  });

  it("a sub-agent's calls are the run's, in the order made though its messages interleave, each naming it; own(run) leaves them out, within(run, 'Agent') or its subagent_type reads them", () => {
    // The sub-agent read its file after the main agent asked to write (message 13 follows message 12).
    expect(getToolCalls(run).map((call) => [call.toolName, call.agent])).toEqual([
      ['Read', undefined],
      ['mcp__weather__get_forecast', undefined],
      ['mcp__weather__get_forecast', undefined],
      ['Agent', undefined],
      ['Write', undefined],
      ['Read', { name: 'general-purpose' }],
    ]);
    expect(run).toCallToolTimes('Read', 2);
    expect(failureOf(() => expect(run).toCallToolTimes('Read', 1)).message).toMatch(/6\. Read +\{"file_path":".*"\} \(general-purpose, run by call 4\)/);
    expect(own(run)).toCallToolTimes('Read', 1);
    expect(own(run)).toCallToolsInOrder(['Read', 'mcp__weather__get_forecast', 'mcp__weather__get_forecast', 'Agent', 'Write'], { strict: true });
    expect(getToolCalls(within(run, 'Agent'))).toEqual([expect.objectContaining({ toolName: 'Read', toolCallId: 'toolu_sub_read' })]);
    expect(within(run, 'general-purpose')).toCallOnly('Read');
    expect(within(run, 'Agent')).not.toCallTool('Write');
    // Its messages come between the main agent's, and a second init/result pair follows.
    expect(run.filter((message) => message.type === 'system' && message.subtype === 'init')).toHaveLength(2);
    expect(run.filter((message) => message.type === 'result')).toHaveLength(2);
  });

  it('stream_event messages (includePartialMessages) add no calls', () => {
    expect(partialRun.some((message) => message.type === 'stream_event')).toBe(true);
    expect(partialRun).toCallOnly('Read');
    expect(getToolCalls(partialRun)).toEqual(getToolCalls(partialRun.filter((message) => message.type !== 'stream_event')));
  });

  it('a run cut by maxTurns is read up to its error result', () => {
    expect(maxTurnsRun.at(-1)).toMatchObject({ type: 'result', subtype: 'error_max_turns' });
    expect(maxTurnsRun).toCallToolTimes('Read', 2);
  });

  it('is one run: turn 1 is all of it', () => {
    expect(turn(run, 1)).toCallToolsInOrder(['Read', 'Write']);
    expect(() => expect(turn(run, 2)).toCallNoTools()).toThrow(/holds one turn/);
  });
});

describe('read or refuse', () => {
  it('a message type or block type it does not know is refused, naming it, by every matcher', () => {
    const unknownMessage = [...run, { type: 'brand_new', session_id: 's', uuid: 'u' }];
    const refusal = `its messages are claude-agent, but its message ${run.length + 1} ({ type: "brand_new", session_id, uuid }) is not: a message this package does not know is refused`;
    expect(matcherErrorOf(() => expect(unknownMessage).not.toCallTool('Bash'))).toContain(refusal);
    expect(matcherErrorOf(() => expect(unknownMessage).toCallNoTools())).toContain(refusal);
    const unknownBlock = run.map((message) =>
      message.type === 'assistant' && message.message.id === 'msg_fixture_002' ? { ...message, message: { ...message.message, content: [{ type: 'future_tool_use', id: 'x', name: 'Bash' }] } } : message,
    );
    expect(matcherErrorOf(() => expect(unknownBlock).not.toCallTool('Bash'))).toMatch(/reading the run as claude-agent: its message \d+, block 1 is \{ type: "future_tool_use", id, name \}, which this reader does not know/);
  });

  it("a sub-agent's messages without the call that started it are refused, not read as no calls", () => {
    const sub = run.filter((message) => 'parent_tool_use_id' in message && message.parent_tool_use_id === 'toolu_main_agent');
    expect(sub.length).toBeGreaterThan(0);
    expect(matcherErrorOf(() => expect(sub).toCallNoTools())).toContain('its message 1 belongs to the sub-agent started by call "toolu_main_agent", which is not among the messages');
  });

  it('one message is refused with what to pass instead', () => {
    const message = run.find((entry) => entry.type === 'assistant')!;
    expect(matcherErrorOf(() => expect(message).not.toCallTool('Read'))).toContain('which is a piece of a claude-agent run, not a run: it is one message that query() yielded (type "assistant"); a run is all of them. Collect them and pass the list');
  });
});

describe('budgets', () => {
  it('model calls by message id, tokens from the last result (sub-agents included), time from the results', () => {
    const responses = new Set(run.flatMap((message) => (message.type === 'assistant' ? [message.message.id] : [])));
    const results = run.filter((message) => message.type === 'result');
    const last = results.at(-1)!;
    const [usage] = Object.values(last.modelUsage);
    expect(getRunUsage(run).usage).toEqual({
      steps: responses.size,
      tokens: { input: usage!.inputTokens + usage!.cacheReadInputTokens + usage!.cacheCreationInputTokens, output: usage!.outputTokens, modelCalls: responses.size },
      durationMs: results.reduce((sum, result) => sum + result.duration_ms, 0),
    });
    expect(run).toStayWithinBudget({ steps: responses.size });
    expect(run).not.toStayWithinBudget({ steps: responses.size - 1 });
  });

  it('messages that end before the result say so', () => {
    const cut = run.slice(0, 10);
    expect(matcherErrorOf(() => expect(cut).toStayWithinBudget({ tokens: 10_000 }))).toContain('its messages end before the result message query() yields last');
  });
});

describe('sample(...)', () => {
  it('one verdict per run over a list of runs', async () => {
    const runs = await sample([run, partialRun, maxTurnsRun]);
    expect(runs).toCallTool('Read');
    expect(failureOf(() => expect(runs).toCallTool('Write')).message).toContain('Passed in 1 of 3 runs');
  });
});
