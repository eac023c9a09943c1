// Mastra's runtime with the installed package (the matrix's Mastra cell): a real Mastra 1.x agent
// over ai/test's mock model, scored by both scorers and a gate in runEvals and expectEvals, live
// through new Mastra({ agents }), and its trajectory read by the matchers and check(run).
import { Mastra } from '@mastra/core';
import { Agent } from '@mastra/core/agent';
import { extractTrajectory, runEvals } from '@mastra/core/evals';
import { noopLogger } from '@mastra/core/logger';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { expectEvals } from '@mastra/evals/vitest';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { check, createToolCallAccuracyScorerCode, createToolCallAccuracyScorerLLM, mastraGate, ToolCallCheckError } from 'tool-call-accuracy';

const usage = { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 20, text: 20 } };
const finish = (step) => {
  const unified = step.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
  return { unified, raw: unified };
};

/** Asked to book: search-flights, then book-flight, then a reply; otherwise it only searches. */
function stepFor(prompt) {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const content = prompt[lastUser].content;
  const request = Array.isArray(content) ? content.map((part) => part.text ?? '').join('') : String(content);
  const search = [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search-flights', input: JSON.stringify({ from: 'SFO', to: 'JFK' }) }];
  const plan = /book/i.test(request)
    ? [search, [{ type: 'tool-call', toolCallId: 'c2', toolName: 'book-flight', input: JSON.stringify({ flightId: 'UA 1234' }) }], [{ type: 'text', text: 'Booked.' }]]
    : [search, [{ type: 'text', text: 'UA 1234 flies SFO to JFK.' }]];
  const done = prompt.slice(lastUser + 1).filter((message) => message.role === 'assistant').length;
  return plan[Math.min(done, plan.length - 1)];
}

function travelAgent(scorers) {
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      const step = stepFor(prompt);
      return { content: step, finishReason: finish(step), usage, warnings: [] };
    },
    doStream: async ({ prompt }) => {
      const step = stepFor(prompt);
      const parts = [{ type: 'stream-start', warnings: [] }];
      step.forEach((part, index) =>
        parts.push(...(part.type === 'text' ? [{ type: 'text-start', id: `t${index}` }, { type: 'text-delta', id: `t${index}`, delta: part.text }, { type: 'text-end', id: `t${index}` }] : [part])),
      );
      parts.push({ type: 'finish', finishReason: finish(step), usage });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
  const tools = {
    'search-flights': createTool({ id: 'search-flights', description: 'Find flights', inputSchema: z.object({ from: z.string(), to: z.string() }), execute: async () => ({ flights: ['UA 1234'] }) }),
    'book-flight': createTool({ id: 'book-flight', description: 'Book a flight', inputSchema: z.object({ flightId: z.string() }), execute: async () => ({ ok: true }) }),
  };
  const agent = new Agent({ id: 'travel-agent', name: 'Travel agent', instructions: 'Book flights.', model, tools, ...(scorers && { scorers }) });
  agent.__setLogger(noopLogger);
  return agent;
}

const judge = (...verdicts) => {
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => ({ content: [{ type: 'text', text: JSON.stringify(verdicts[Math.min(call++, verdicts.length - 1)]) }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
  });
};
const appropriate = (...tools) => ({ evaluations: tools.map((toolCalled) => ({ toolCalled, wasAppropriate: true, reasoning: 'Fits the request.' })), missingTools: [], reason: 'Fits.' });
const availableTools = [
  { name: 'search-flights', description: 'Find flights' },
  { name: 'book-flight', description: 'Book a flight' },
];
const booksInOrder = () => mastraGate('books-in-order', (run) => check(run).toCallToolsInOrder(['search-flights', 'book-flight']));

test('runEvals keys both scorers by id and runs a gate', async () => {
  const result = await runEvals({
    target: travelAgent(),
    data: [{ input: 'Book me SFO to JFK.' }, { input: 'Which flights go from SFO to JFK?' }],
    scorers: [
      { scorer: createToolCallAccuracyScorerCode({ expectedToolOrder: ['search-flights', 'book-flight'] }), threshold: 0.5 },
      createToolCallAccuracyScorerLLM({ model: judge(appropriate('search-flights', 'book-flight'), appropriate('search-flights')), availableTools }),
    ],
    gates: [booksInOrder()],
  });
  expect(result.scores).toEqual({ 'code-tool-call-accuracy-scorer': 0.5, 'llm-tool-call-accuracy-scorer': 1 });
  expect(result.gateResults).toEqual([{ id: 'books-in-order', passed: false, score: 0.5 }]);
});

test('expectEvals(…).toPass() with a gate', async () => {
  await expectEvals({ target: travelAgent(), data: [{ input: 'Book me SFO to JFK.' }], gates: [booksInOrder()] }).toPass();
  await expect(expectEvals({ target: travelAgent(), data: [{ input: 'Which flights?' }], gates: [booksInOrder()] }).toPass()).rejects.toThrow('gate books-in-order');
});

test("an agent's live scorer saves its score, with the check's message as the gate's reason", async () => {
  const storage = new InMemoryStore();
  const mastra = new Mastra({ agents: { travel: travelAgent({ gate: { scorer: booksInOrder() } }) }, storage, logger: false });
  await mastra.getAgent('travel').generate('Which flights go from SFO to JFK?');
  const scores = await storage.getStore('scores');
  let rows = [];
  for (let attempt = 0; attempt < 100 && rows.length === 0; attempt++) {
    ({ scores: rows } = await scores.listScoresByScorerId({ scorerId: 'books-in-order', pagination: { page: 0, perPage: 10 } }));
    if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(rows.map((row) => [row.score, row.reason.split('\n')[0]])).toEqual([[0, 'expect(run).toCallToolsInOrder(expected)']]);
});

test('a trajectory is a run, and check(run) works outside an assertion', async () => {
  const { scoringData } = await travelAgent().generate('Book me SFO to JFK.', { returnScorerData: true });
  const trajectory = extractTrajectory(scoringData.output);
  expect(trajectory).toCallToolsInOrder(['search-flights', 'book-flight'], { strict: true });
  check(trajectory).toCallTool('book-flight', expect.objectContaining({ flightId: 'UA 1234' }));
  expect(() => check(trajectory).not.toCallTool('book-flight')).toThrow(ToolCallCheckError);
});
