import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { runEvals, extractTrajectory } from '@mastra/core/evals';
import { MockLanguageModelV2 } from '../../node_modules/ai5/dist/test/index.mjs';
import { z } from 'zod';
const tools = {
  search: createTool({ id: 'search', description: 'Search', inputSchema: z.object({ q: z.string() }), execute: async (input) => ({ hits: [input.q] }) }),
  book: createTool({ id: 'book', description: 'Book', inputSchema: z.object({ id: z.string() }), execute: async (input) => ({ ok: input.id }) }),
};
const turns = [
  [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: JSON.stringify({ q: 'x' }) }, { type: 'tool-call', toolCallId: 'c1b', toolName: 'search', input: JSON.stringify({ q: 'y' }) }],
  [{ type: 'tool-call', toolCallId: 'c2', toolName: 'book', input: JSON.stringify({ id: 'UA' }) }],
  [{ type: 'text', text: 'done' }],
];
function model() {
  let t = 0;
  return new MockLanguageModelV2({ doGenerate: async () => { const content = turns[Math.min(t++, 2)]; return { content, finishReason: content[0].type === 'tool-call' ? 'tool-calls' : 'stop', usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 }, warnings: [] }; } });
}
const agent = new Agent({ id: 'travel', name: 'travel', instructions: 'x', model: model(), tools });
const r = await agent.generate('go', { maxSteps: 5, returnScorerData: true });
console.log(r.toolCalls.length, JSON.stringify(r.scoringData.output).slice(0, 1500));
console.log(JSON.stringify(extractTrajectory(r.scoringData.output).steps));
const scorer = { id: 'mine', name: 'Mine', description: 'd', type: 'agent', run: async (x) => { console.log('run keys', Object.keys(x)); return { score: 1 }; } };
const agent2 = new Agent({ id: 'travel2', name: 'travel2', instructions: 'x', model: model(), tools });
const res = await runEvals({ target: agent2, data: [{ input: 'go' }], scorers: [scorer], onItemComplete: ({ scorerResults }) => console.log('item', scorerResults) });
console.log(res);
