// Scores nested Mastra trajectories (steps under a tool step, an agent_run) with @mastra/evals 1.x
// (reference/mastra1) and with this package's build (npm run build first), under the Node that runs it:
//   "$(npx -p node@22.23.3 node -p process.execPath)" scripts/checks/nestedTrajectories.mjs
// Mastra declares Node 22. test/scoring/trajectoryScorers.formats.test.ts checks the same cases under the tests' Node.
import * as mastra from '../../reference/mastra1/index.js';
import { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode, getToolCalls } from '../../dist/index.js';
const nested = { steps: [
  { stepType: 'tool_call', name: 'plan', toolArgs: { goal: 'trip' }, success: true, durationMs: 3 },
  { stepType: 'tool_call', name: 'research-agent', toolArgs: { topic: 'lounges' }, success: true, durationMs: 40, children: [
    { stepType: 'model_generation', name: 'llm: researcher', promptTokens: 30, completionTokens: 10, children: [{ stepType: 'tool_call', name: 'web-search', toolArgs: { q: 'a' }, success: false }] },
    { stepType: 'tool_call', name: 'web-search', toolArgs: { q: 'a' }, success: false },
    { stepType: 'tool_call', name: 'refund_order', toolArgs: { order: 'A1' }, success: true } ] },
  { stepType: 'agent_run', name: "agent run: 'writer'", agentId: 'writer', durationMs: 7, children: [{ stepType: 'tool_call', name: 'draft', toolArgs: {}, success: true }] },
  { stepType: 'tool_call', name: 'book-flight', toolArgs: { id: 1 }, success: true, durationMs: 5 } ] };
const configs = [
  ['accuracy', { expectedTrajectory: [{ name: 'plan' }, { name: 'research-agent' }, { name: 'book-flight' }], comparisonOptions: { ordering: 'strict' } }],
  ['accuracy', { expectedTrajectory: [{ name: 'plan' }, { name: 'web-search' }, { name: 'book-flight' }] }],
  ['trajectory', { defaults: { steps: [{ name: 'plan' }, { name: 'book-flight' }], maxSteps: 3, blacklistedTools: ['refund_order'] } }],
  ['trajectory', { defaults: { blacklistedTools: ['draft'], maxRetriesPerTool: 0 } }],
  ['trajectory', { defaults: { blacklistedSequences: [['research-agent', 'web-search']], maxSteps: 4 } }],
  ['trajectory', { defaults: { blacklistedTools: ['refund_order'] } }],
];
const wrap = (output) => ({ input: { inputMessages: [] }, output, runId: 'r' });
let same = 0;
for (const [kind, options] of configs) {
  const theirs = kind === 'accuracy' ? mastra.createTrajectoryAccuracyScorerCode(options) : mastra.createTrajectoryScorerCode(options);
  const ours = kind === 'accuracy' ? createTrajectoryAccuracyScorerCode(options) : createTrajectoryScorerCode(options);
  const a = (await theirs.run(wrap(nested))).score, b = (await ours.run(wrap(nested))).score;
  console.log(kind, JSON.stringify(options), 'mastra', a, 'ours', b);
  if (a === b) same++;
}
console.log(`node ${process.version}: ${same}/${configs.length} equal; run's calls: ${getToolCalls(nested).map((c) => c.toolName + (c.agent ? '@' + c.agent.name : '')).join(', ')}`);
