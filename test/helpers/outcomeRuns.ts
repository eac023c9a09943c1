/**
 * Real runs whose tools fail, recover, need approval or are called twice: AI SDK 5, 6 and 7
 * `generateText` tool loops driven by each major's mock model (test/fixtures/aiSdk.ts), the same
 * loop traced through ai@7's `@ai-sdk/otel`, and Mastra runs from the project's builders.
 */
import { z } from 'zod';
import { call, roundTrip, sdks, type ProviderStep, type Sdk } from '../fixtures/aiSdk.js';
import { generate as generateWithMastra } from '../fixtures/mastra.js';
import { traceOf } from '../fixtures/otel.js';
import { createAgentTestRun, createTestMessage, createToolInvocation } from '../../src/testing.js';

type Any = any;

/** `lookup` fails for a URL containing "bad" (the error says which), `search` always answers, `delete` needs approval (6 and 7). */
export function outcomeTools(sdk: Sdk) {
  const { tool } = sdk.ai;
  return {
    lookup: tool({
      description: 'Look a URL up',
      inputSchema: z.object({ url: z.string() }),
      execute: async ({ url }: { url: string }) => {
        if (url.includes('bad')) throw new Error(`502 bad gateway for ${url}`);
        return { status: 200, url };
      },
    }),
    search: tool({
      description: 'Search',
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }: { q: string }) => ({ hits: [q] }),
    }),
    ...(sdk.approvals && {
      delete: tool({
        description: 'Deletes, after the user approves',
        inputSchema: z.object({ id: z.string() }),
        needsApproval: true,
        execute: async ({ id }: { id: string }) => ({ deleted: id }),
      }),
    }),
  };
}

/**
 * lookup fails, is retried and recovers; search is called twice with the same input in a row;
 * then the answer.
 */
export const retrySteps: ProviderStep[] = [
  [call('c1', 'lookup', { url: 'https://x.test/bad' })],
  [call('c2', 'lookup', { url: 'https://x.test/good' })],
  [call('c3', 'search', { q: 'cats' })],
  [call('c4', 'search', { q: 'cats' })],
  [{ type: 'text', text: 'Found cats.' }],
];

/** lookup fails three times in a row, then recovers; search is called, then called again after lookup. */
export const flakySteps: ProviderStep[] = [
  [call('c1', 'search', { q: 'cats' })],
  [call('c2', 'lookup', { url: 'https://x.test/bad/1' })],
  [call('c3', 'lookup', { url: 'https://x.test/bad/2' })],
  [call('c4', 'lookup', { url: 'https://x.test/bad/3' })],
  [call('c5', 'lookup', { url: 'https://x.test/good' })],
  [call('c6', 'search', { q: 'cats' })],
  [{ type: 'text', text: 'Done.' }],
];

/** A generateText tool loop of one AI SDK major. */
export async function loopOf(sdk: Sdk, steps: ProviderStep[]): Promise<Any> {
  return sdk.ai.generateText({ model: sdk.model(steps), tools: outcomeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
}

/** The loop as a user may hold it: the result, its JSON round trip, its model messages. */
export async function loopVariants(sdk: Sdk, steps: ProviderStep[]): Promise<Array<{ variant: string; run: unknown }>> {
  const result = await loopOf(sdk, steps);
  return [
    { variant: 'generateText result', run: result },
    { variant: 'JSON round trip', run: roundTrip(result) },
    { variant: 'model messages', run: [{ role: 'user', content: 'go' }, ...sdk.responseMessages(result)] },
    { variant: 'UI messages', run: await uiMessagesOf(sdk, steps) },
  ];
}

/** The same loop streamed, as the UI messages a chat app keeps (errors as `errorText`, written by `onError`). */
async function uiMessagesOf(sdk: Sdk, steps: ProviderStep[]): Promise<unknown[]> {
  const tools = outcomeTools(sdk);
  const result = sdk.ai.streamText({ model: sdk.model(steps), tools, stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
  let assistant: unknown;
  for await (const message of sdk.ai.readUIMessageStream({ stream: sdk.uiStream(result, tools) })) assistant = message;
  return [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] }, assistant];
}

/** 6 and 7: search, then delete, which stops the loop at its approval request. */
export async function approvalRequested(sdk: Sdk): Promise<Any> {
  const steps: ProviderStep[] = [[call('c1', 'search', { q: 'old' }), call('c2', 'delete', { id: 'x' })], [{ type: 'text', text: 'Deleted.' }]];
  return sdk.ai.generateText({ model: sdk.model(steps), tools: outcomeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), prompt: 'go' });
}

/** 6 and 7: the approval answered, and the loop run on: the whole conversation as model messages. */
export async function approvalAnswered(sdk: Sdk, approved: boolean): Promise<unknown[]> {
  const first = await approvalRequested(sdk);
  const request = first.steps[0].content.find((part: Any) => part.type === 'tool-approval-request');
  const input = [
    { role: 'user', content: 'go' },
    ...sdk.responseMessages(first),
    { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved }] },
  ];
  const second = await sdk.ai.generateText({ model: sdk.model([[{ type: 'text', text: 'Done.' }]]), tools: outcomeTools(sdk), stopWhen: sdk.ai.stepCountIs(10), messages: input });
  return [...input, ...sdk.responseMessages(second)];
}

/** ai@7 through `@ai-sdk/otel` (GenAI conventions): weather twice with the same city, then a tool that throws. */
export async function tracedRun(): Promise<unknown> {
  return traceOf('genai', [
    {
      steps: [[call('c1', 'weather', { city: 'Oslo' })], [call('c2', 'weather', { city: 'Oslo' })], [call('c3', 'broken', {})], [{ type: 'text', text: 'Done.' }]],
    },
  ]);
}

/**
 * A Mastra agent run from the project's builders (Mastra's stored format): a lookup that failed
 * (state `output-error`, its error in `result`: the builders keep no `errorText`), its retry, and a
 * search still awaiting its result (state `call`).
 */
export function mastraRun() {
  const invocations = [
    createToolInvocation({ toolCallId: 'c1', toolName: 'lookup', args: { url: 'https://x.test/bad' }, result: { message: '502 bad gateway' }, state: 'output-error' }),
    createToolInvocation({ toolCallId: 'c2', toolName: 'lookup', args: { url: 'https://x.test/good' }, result: { status: 200 } }),
    createToolInvocation({ toolCallId: 'c3', toolName: 'search', args: { q: 'cats' }, result: {}, state: 'call' }),
  ];
  return createAgentTestRun({
    inputMessages: [createTestMessage({ content: 'look it up', role: 'user', id: 'u1' })],
    output: [createTestMessage({ content: 'Looking.', role: 'assistant', id: 'a1', toolInvocations: invocations })],
  });
}

/** A real Mastra agent (@mastra/core 0.24.9, test/fixtures/mastra.ts): flaky-tool throws twice with the same input, then auth-tool succeeds. */
export async function mastraAgentRun(): Promise<unknown> {
  return generateWithMastra([[call('c1', 'flaky-tool', { user: 'bob' })], [call('c2', 'flaky-tool', { user: 'bob' })], [call('c3', 'auth-tool', { user: 'bob' })], [{ type: 'text', text: 'Done.' }]]);
}

export { sdks };
export const approvalSdks = sdks.filter((sdk) => sdk.approvals);
