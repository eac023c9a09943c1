/**
 * Read or refuse, for the OpenAI Agents SDK and Claude Agent SDK readers: a run of theirs with an
 * item, message or content block they do not know, anywhere in it, is refused by every matcher,
 * `.not` and `toCallNoTools` included; never read as fewer calls.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { matcherErrorOf } from '../../helpers/failureOf.js';
import { claudeAgentRun } from '../../fixtures/claudeAgent.js';
import { handoffRun, weatherRun } from '../../helpers/openaiAgents.js';

/** Every matcher that reads calls, each as a negative or vacuous assertion that would pass on zero calls. */
const assertions: Array<[string, (run: unknown) => void]> = [
  ['.not.toCallTool', (run) => expect(run).not.toCallTool('delete_everything')],
  ['toCallNoTools', (run) => expect(run).toCallNoTools()],
  ['.not.toCallToolTimes', (run) => expect(run).not.toCallToolTimes('delete_everything', 1)],
  ['.not.toCallOnly', (run) => expect(run).not.toCallOnly('delete_everything')],
  ['.not.toCallToolsInOrder', (run) => expect(run).not.toCallToolsInOrder(['delete_everything'])],
  ['toCallToolsWithoutErrors', (run) => expect(run).toCallToolsWithoutErrors()],
  ['.not.toRepeatToolCalls', (run) => expect(run).not.toRepeatToolCalls()],
  ['toStayWithinBudget', (run) => expect(run).toStayWithinBudget({ toolCalls: 1000 })],
  ['toCallToolsWithValidInputs', (run) => expect(run).toCallToolsWithValidInputs({})],
];

/** A type no reader knows, shaped like the format's own (a `…_call` item, a message, a block). */
const unknownType = fc.oneof(fc.constantFrom('unknown', 'future_call', 'brand_new_tool_use', 'tool_call_v2', 'mcp_tool_call'), fc.string({ minLength: 1, maxLength: 12 }).map((text) => `x_${text}`));

function insertAt<T>(list: readonly T[], at: number, value: T): T[] {
  return [...list.slice(0, at), value, ...list.slice(at)];
}

let histories: unknown[][];
beforeAll(async () => {
  histories = [(await weatherRun()).history, (await handoffRun()).history].map((history) => JSON.parse(JSON.stringify(history)) as unknown[]);
});

describe('an unknown item anywhere in an OpenAI Agents SDK history is refused by every matcher', () => {
  it.each(assertions)('%s', (_, assertion) => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), unknownType, fc.boolean(), (which, where, type, withCallId) => {
        const history = histories[which % histories.length]!;
        const item = withCallId ? { type, callId: 'call_x', name: 'delete_everything', arguments: '{}' } : { type, providerData: {} };
        const run = insertAt(history, where % (history.length + 1), item);
        expect(matcherErrorOf(() => assertion(run))).toMatch(/not|refused/);
      }),
      { numRuns: 25 },
    );
  });
});

describe('an unknown message or block anywhere in Claude Agent SDK messages is refused by every matcher', () => {
  const run = claudeAgentRun;
  const assistantAt = run.flatMap((message, index) => (message.type === 'assistant' ? [index] : []));
  it.each(assertions)('%s', (_, assertion) => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), unknownType, fc.boolean(), (which, where, type, asBlock) => {
        let messages: unknown[];
        if (asBlock) {
          const at = assistantAt[which % assistantAt.length]!;
          const message = run[at] as { message: { content: unknown[] } };
          const content = insertAt(message.message.content, where % (message.message.content.length + 1), { type, id: 'toolu_x', name: 'delete_everything', input: {} });
          messages = run.map((entry, index) => (index === at ? { ...message, message: { ...message.message, content } } : entry));
        } else {
          messages = insertAt(run as unknown[], where % (run.length + 1), { type, session_id: 's', uuid: 'u', parent_tool_use_id: null });
        }
        expect(matcherErrorOf(() => assertion(messages))).toMatch(/not|refused/);
      }),
      { numRuns: 25 },
    );
  });
});
