// The booking agent's steps that the recordings benches replay (bench/recordings.mjs,
// bench/recordings-alloc.mjs): each step a conversation of its own (~1 KB, two tools) answered by
// one tool call, over ai's own MockLanguageModelV4.
import { jsonSchema, tool } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

export const usage = { inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 30, text: 30, reasoning: undefined } };
export const answer = (index) => ({
  content: [{ type: 'tool-call', toolCallId: `call_${index}`, toolName: 'book-flight', input: JSON.stringify({ flightId: `UA ${1000 + index}`, seat: '14C' }) }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
  response: { id: `resp_${index}`, timestamp: new Date(Date.UTC(2026, 0, 1)), modelId: 'gpt-5-mini' },
});
/** The same answer as a stream's parts. */
export const parts = (index) => {
  const { content, finishReason, response } = answer(index);
  return [{ type: 'stream-start', warnings: [] }, { type: 'response-metadata', ...response }, ...content, { type: 'finish', finishReason, usage }];
};
/** ai's own mock model answering step after step; `seen` (if given) gets each doGenerate's call options. */
export const bare = (seen) => {
  let index = 0;
  let streamed = 0;
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    modelId: 'gpt-5-mini',
    doGenerate: async (options) => {
      seen?.push(options);
      return answer(index++);
    },
    doStream: async () => ({ stream: convertArrayToReadableStream(parts(streamed++)) }),
  });
};
export const tools = [
  { type: 'function', name: 'search-flights', description: 'Find flights between two airports on a date', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, date: { type: 'string' } }, required: ['from', 'to', 'date'], additionalProperties: false } },
  { type: 'function', name: 'book-flight', description: 'Book a seat on a flight', inputSchema: { type: 'object', properties: { flightId: { type: 'string' }, seat: { type: 'string' } }, required: ['flightId', 'seat'], additionalProperties: false } },
];
/** The call options of step `index`: a conversation of its own. */
export const callOptions = (index) => ({
  prompt: [
    { role: 'system', content: 'You are a booking agent. Use the tools to find and book flights; confirm by email.' },
    { role: 'user', content: [{ type: 'text', text: `Booking ${index}: the morning flight from SFO to JFK on July 1st, seat 14C, and email ada@example.com.` }] },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: `search_${index}`, toolName: 'search-flights', input: { from: 'SFO', to: 'JFK', date: '2026-07-01' } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: `search_${index}`, toolName: 'search-flights', output: { type: 'json', value: { flights: [{ id: `UA ${1000 + index}`, departs: '07:05' }] } } }] },
  ],
  tools,
  toolChoice: { type: 'auto' },
  maxOutputTokens: 1024,
  temperature: 0,
});

/** The same step as generateText takes it: messages and tools. */
export const textTools = Object.fromEntries(tools.map(({ name, description, inputSchema }) => [name, tool({ description, inputSchema: jsonSchema(inputSchema) })]));
export const textOptions = (model, index) => ({
  model,
  system: 'You are a booking agent. Use the tools to find and book flights; confirm by email.',
  messages: callOptions(index).prompt.slice(1),
  tools: textTools,
  maxOutputTokens: 1024,
  temperature: 0,
});

