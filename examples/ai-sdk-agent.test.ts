/**
 * A real AI SDK agent loop (generateText with tools, several steps), driven by the SDK's own mock
 * model so it runs offline, checked with every deterministic matcher and the code scorer.
 * Swap the mock for a real model (`model: 'openai/gpt-5'`) and the assertions stay the same.
 */
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCallAccuracyScorerCode, getToolCalls, trajectory } from 'tool-call-accuracy';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

const tools = {
  'search-flights': tool({
    description: 'Find flights between two airports on a date',
    inputSchema: z.object({ from: z.string(), to: z.string(), date: z.string() }),
    execute: async ({ from, to }) => ({ flights: [{ id: 'UA 1234', from, to }] }),
  }),
  'book-flight': tool({
    description: 'Book a seat on a flight',
    inputSchema: z.object({ flightId: z.string(), seat: z.string() }),
    execute: async ({ flightId }) => ({ confirmation: `CONF-${flightId.replace(' ', '')}` }),
  }),
  'send-confirmation': tool({
    description: 'Email the booking confirmation',
    inputSchema: z.object({ to: z.string() }),
    execute: async () => ({ sent: true }),
  }),
};

const toolCall = (toolCallId: string, toolName: string, input: object) =>
  ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }) as const;

/** The model's three turns: search, then book and confirm, then answer. */
const turns = [
  { content: [toolCall('call-1', 'search-flights', { from: 'SFO', to: 'JFK', date: '2026-07-01' })] },
  {
    content: [
      toolCall('call-2', 'book-flight', { flightId: 'UA 1234', seat: '14C' }),
      toolCall('call-3', 'send-confirmation', { to: 'ada@example.com' }),
    ],
  },
  { content: [{ type: 'text', text: 'Booked UA 1234, seat 14C. The confirmation is in your inbox.' }] },
] as const;

function bookingModel() {
  return new MockLanguageModelV4({
    doGenerate: turns.map((turn, index) => ({
      content: [...turn.content],
      finishReason: { unified: index < 2 ? 'tool-calls' : 'stop', raw: undefined },
      usage,
      warnings: [],
    })),
  });
}

async function bookTrip() {
  return generateText({
    model: bookingModel(),
    tools,
    stopWhen: stepCountIs(5),
    prompt: 'Book me the morning flight from SFO to JFK on July 1st, seat 14C, and email ada@example.com.',
  });
}

describe('an AI SDK generateText agent', () => {
  it('called the right tools, in the right order', async () => {
    const result = await bookTrip();

    expect(result).toCallTool('book-flight');
    expect(result).toCallTool('book-flight', { flightId: 'UA 1234', seat: expect.stringMatching(/^\d+[A-F]$/) });
    expect(result).toCallToolTimes('search-flights', 1);
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight']);
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation'], { strict: true });
    expect(result).toCallOnly(['send-confirmation', 'search-flights', 'book-flight']);
    expect(result).toCallToolsInAnyOrder(['book-flight', 'search-flights']); // others allowed
    expect(result).toCallOnlyFrom(['search-flights', 'book-flight', 'send-confirmation', 'cancel-flight']); // nothing else
    expect(result).not.toCallTool('cancel-flight');
  });

  it('did what the snapshot pins: one line per call, its input and its result', async () => {
    // A snapshot suits a run replayed the same way every time, as this mock model's is.
    expect(trajectory(await bookTrip())).toMatchInlineSnapshot(`
      search-flights  {"date":"2026-07-01","from":"SFO","to":"JFK"}  → {"flights":[{"from":"SFO","id":"UA 1234","to":"JFK"}]}
      book-flight  {"flightId":"UA 1234","seat":"14C"}  → {"confirmation":"CONF-UA1234"}
      send-confirmation  {"to":"ada@example.com"}  → {"sent":true}
    `);
  });

  it('went well: every call succeeded, none repeated, within a budget of calls', async () => {
    const result = await bookTrip();

    expect(result).toCallTool('book-flight', undefined, { error: false, output: { confirmation: 'CONF-UA1234' } });
    expect(result).toCallToolsInOrder([{ toolName: 'search-flights', error: false }, { toolName: 'book-flight', output: expect.anything() }]);
    expect(result).toCallToolsWithoutErrors();
    expect(result).not.toRepeatToolCalls();
    expect(result).toCallToolTimes(expect.any(String), { max: 5 });
  });

  it('asks for clarification instead of guessing, with no tool calls', async () => {
    const result = await generateText({
      model: new MockLanguageModelV4({
        doGenerate: {
          content: [{ type: 'text', text: 'Which day would you like to fly, and from which airport?' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        },
      }),
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'Book me a flight.',
    });

    expect(result).toCallNoTools();
    expect(result).not.toCallTool('book-flight');
  });

  it('reads the same calls from a saved (JSON) run and from streamText steps', async () => {
    const saved = JSON.parse(JSON.stringify(await bookTrip()));
    expect(saved).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation'], { strict: true });

    const streamed = streamText({
      model: new MockLanguageModelV4({
        doStream: turns.map((turn, index) => ({
          stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
            // A stream sends text as start/delta/end parts.
            ...turn.content.flatMap((part): LanguageModelV4StreamPart[] =>
              part.type === 'text'
                ? [
                    { type: 'text-start', id: 't' },
                    { type: 'text-delta', id: 't', delta: part.text },
                    { type: 'text-end', id: 't' },
                  ]
                : [part],
            ),
            { type: 'finish', finishReason: { unified: index < 2 ? 'tool-calls' : 'stop', raw: undefined }, usage },
          ]),
        })),
      }),
      tools,
      stopWhen: stepCountIs(5),
      prompt: 'Book it.',
    });
    expect(await streamed.steps).toCallToolsInOrder(['search-flights', 'book-flight', 'send-confirmation'], { strict: true });
  });

  it('scores 1 with the code scorer configured the same way', async () => {
    const result = await bookTrip();
    const scorer = createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] });
    const { score, preprocessStepResult } = await scorer.run(result);
    expect(score).toBe(1);
    expect(preprocessStepResult.actualTools).toEqual(['search-flights', 'book-flight', 'send-confirmation']);
    expect(getToolCalls(result)[1]).toMatchObject({ toolName: 'book-flight', output: { confirmation: 'CONF-UA1234' } });
  });
});
