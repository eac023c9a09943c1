import { describe, expect, it } from 'vitest';
import { getToolCalls, parallel } from '../../src/index.js';
import { readRun } from '../../src/calls/getToolCalls.js';
import type { ProviderStep } from '../fixtures/aiSdk.js';
import { call, makeTools, sdks } from '../fixtures/aiSdk.js';

const ai7 = sdks.find((sdk) => sdk.name === 'ai7')!;
/** Step 1 issues two calls together, step 2 one. */
const steps: ProviderStep[] = [
  [call('c1', 'auth-tool', { user: 'ada' }), call('c2', 'fetch-tool', { url: '/a' })],
  [call('c3', 'fetch-tool', { url: '/b' })],
  [{ type: 'text', text: 'Done.' }],
];
const run = () => ai7.ai.generateText({ model: ai7.model(steps), tools: makeTools(ai7), stopWhen: ai7.ai.stepCountIs(5), prompt: 'go' });

describe('a read keeps the model step of each call beside the calls', () => {
  it('the calls of one step share a step, and other steps differ', async () => {
    const [auth, fetchA, fetchB] = readRun(await run()).steps!;
    expect(auth).toBeDefined();
    expect(fetchA).toBe(auth);
    expect(fetchB).not.toBe(auth);
  });

  it('leaves the list and the calls users get plain: no hidden keys', async () => {
    const calls = getToolCalls(await run());
    expect(Object.keys(calls[0]!)).toEqual(['toolName', 'input', 'toolCallId', 'output']);
    expect(Reflect.ownKeys(calls)).toEqual(['0', '1', '2', 'length']);
    expect(Reflect.ownKeys(calls[0]!)).toEqual(['toolName', 'input', 'toolCallId', 'output']);
    expect(calls[0]).toStrictEqual({ toolName: 'auth-tool', input: { user: 'ada' }, toolCallId: 'c1', output: expect.anything() });
    // Calls handed back as a list are a plain list: their steps are not known, so parallel(…) refuses them rather than guess.
    expect(readRun(calls).steps).toBeUndefined();
    expect(() => expect(calls).toCallToolsInOrder([parallel('auth-tool', 'fetch-tool')])).toThrow(/does not record it/);
  });

  it('two reads of one run give calls of their own, each with its steps', async () => {
    const result = await run();
    const first = readRun(result);
    const second = readRun(result);
    expect(second.calls[0]).not.toBe(first.calls[0]);
    // Steps are told apart within one read; two reads of one run number them alike.
    expect(second.steps).toEqual(first.steps);
    expect(second.steps![0]).toBe(second.steps![1]);
    expect(second.steps![2]).not.toBe(second.steps![0]);
  });
});
