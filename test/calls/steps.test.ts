import { describe, expect, it } from 'vitest';
import { getToolCalls, parallel } from '../../src/index.js';
import { stepOf } from '../../src/calls/steps.js';
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

describe('the model step of a call travels on the call', () => {
  it('the calls of one step share a step, and other steps differ', async () => {
    const [auth, fetchA, fetchB] = getToolCalls(await run()).map(stepOf);
    expect(auth).toBeDefined();
    expect(fetchA).toBe(auth);
    expect(fetchB).not.toBe(auth);
  });

  it('is invisible to what users do with a call: keys, JSON, equality, spreading', async () => {
    const calls = getToolCalls(await run());
    expect(Object.keys(calls[0]!)).toEqual(['toolName', 'input', 'toolCallId', 'output']);
    expect(JSON.parse(JSON.stringify(calls[0]))).toStrictEqual({ ...calls[0] });
    expect(calls[0]).toStrictEqual({ toolName: 'auth-tool', input: { user: 'ada' }, toolCallId: 'c1', output: expect.anything() });
    // A copy is a plain call: its step is not known, so parallel(…) refuses it rather than guess.
    expect(stepOf({ ...calls[0]! })).toBeUndefined();
    expect(() => expect(calls.map((each) => ({ ...each }))).toCallToolsInOrder([parallel('auth-tool', 'fetch-tool')])).toThrow(/does not record it/);
  });

  it('two reads of one run give calls of their own, each with its steps', async () => {
    const result = await run();
    const first = getToolCalls(result);
    const second = getToolCalls(result);
    expect(second[0]).not.toBe(first[0]);
    expect(stepOf(second[0]!)).toBe(stepOf(second[1]!));
    expect(stepOf(second[0]!)).not.toBe(stepOf(first[0]!));
  });
});
