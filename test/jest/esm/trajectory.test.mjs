// trajectory(run) and its snapshot serializer under Jest's ESM mode, on a real ai@7 tool loop
// (ESM-only); and the unordered matchers.
import * as ai from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createRequire } from 'node:module';
import { check, trajectory } from 'tool-call-accuracy';

const { outcomeLoop } = createRequire(import.meta.url)('../fixtures/outcomeLoop.cjs');

test('a trajectory snapshot: a snapshot file and an inline snapshot', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV4);
  expect(trajectory(run)).toMatchSnapshot();
  expect(trajectory(run)).toMatchInlineSnapshot(`
lookup  {"url":"https://x.test/bad"}  → failed: "502 bad gateway for https://x.test/bad"
lookup  {"url":"https://x.test/good"}  → {"status":200}
search  {"q":"cats"}  → {"hits":["cats"]}
search  {"q":"cats"}  → {"hits":["cats"]}
`);
});

test('toCallToolsInAnyOrder and toCallOnlyFrom', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV4);
  expect(run).toCallToolsInAnyOrder([{ toolName: 'lookup', output: { status: 200 } }, 'search', 'search']);
  expect(run).not.toCallToolsInAnyOrder(['book']);
  expect(run).toCallOnlyFrom(['lookup', 'search', 'lookup', 'search']);
  expect(() => check(run).toCallOnlyFrom(['lookup', 'search'])).toThrow('More calls than items: call 2, "lookup"; call 4, "search".');
});
