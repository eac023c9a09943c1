// The trajectory scorers from the built ES module entry under Jest's ESM mode, on a real ai@7 tool loop.
import * as ai from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createRequire } from 'node:module';
import { createTrajectoryScorerCode } from 'tool-call-accuracy';

const { outcomeLoop } = createRequire(import.meta.url)('../fixtures/outcomeLoop.cjs');

test('a forbidden sequence scores 0 and says where; a budget the run does not record is an error', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV4);
  const forbidden = await createTrajectoryScorerCode({ defaults: { blacklistedSequences: [['lookup', 'lookup']] } }).run(run);
  expect(forbidden.score).toBe(0);
  expect(forbidden.reason).toContain('Forbidden sequence called: "lookup" → "lookup" (calls 1–2).');
  const messages = [{ role: 'user', content: 'go' }, ...run.responseMessages];
  await expect(createTrajectoryScorerCode({ defaults: { maxTotalTokens: 100 } }).run(messages)).rejects.toThrow('the budget limits maxTotalTokens, but this run');
});
