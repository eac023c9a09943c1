/**
 * An AI SDK agent whose booking tool fails, fully offline: the tools are stubbed (`stubbedTools`),
 * so nothing is searched, booked or emailed for real, and the booking fails on its first call. The
 * agent's model is the AI SDK's mock, scripted to retry a failed booking once; in your project it is
 * `recordedModel(yourModel)`, and the assertions stay the same. See docs/tools.md.
 */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stubbedTools, trajectory } from 'tool-call-accuracy';

const tools = {
  'search-flights': tool({
    description: 'Find flights between two airports',
    inputSchema: z.object({ from: z.string(), to: z.string() }),
    execute: async (): Promise<{ flights: Array<{ id: string }> }> => {
      throw new Error('not in tests: this calls the airline');
    },
  }),
  'book-flight': tool({
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async (): Promise<{ confirmation: string }> => {
      throw new Error('not in tests: this charges a card');
    },
  }),
};

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };

/** Searches, books; books again when the last tool result was a failure; then answers. */
const model = () =>
  new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const results = prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content);
      const last = results.at(-1) as { toolName?: string; output?: { type: string } } | undefined;
      const call = (toolName: string, input: object) => [{ type: 'tool-call' as const, toolCallId: `call-${results.length + 1}`, toolName, input: JSON.stringify(input) }];
      const content =
        results.length === 0
          ? call('search-flights', { from: 'SFO', to: 'JFK' })
          : last?.toolName === 'search-flights' || last?.output?.type === 'error-text'
            ? call('book-flight', { flightId: 'UA 1234', seat: '14C' })
            : [{ type: 'text' as const, text: 'Booked UA 1234, seat 14C.' }];
      const finish = content[0]!.type === 'tool-call' ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] };
    },
  });

describe('a booking agent whose booking tool fails once', () => {
  const stubbed = stubbedTools(tools, {
    'search-flights': [{ input: { from: 'SFO', to: 'JFK' }, output: { flights: [{ id: 'UA 1234' }] } }],
    'book-flight': [{ input: { flightId: 'UA 1234', seat: expect.any(String) }, output: { confirmation: 'CONF-1' }, failTimes: 1, error: 'payment gateway timed out' }],
  });

  it('retries the booking once and confirms it', async () => {
    const result = await generateText({ model: model(), tools: stubbed, prompt: 'Book SFO to JFK, seat 14C', stopWhen: stepCountIs(6) });
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight', 'book-flight']);
    expect(result).toCallToolsWithoutErrors({ retries: 1 });
    expect(result.text).toBe('Booked UA 1234, seat 14C.');
    expect(trajectory(result)).toMatchInlineSnapshot(`
      search-flights  {"from":"SFO","to":"JFK"}  → {"flights":[{"id":"UA 1234"}]} (stubbed)
      book-flight  {"flightId":"UA 1234","seat":"14C"}  → failed: "payment gateway timed out" (stubbed)
      book-flight  {"flightId":"UA 1234","seat":"14C"}  → {"confirmation":"CONF-1"} (stubbed)
    `);
  });
});
