// trajectory(run) and its snapshot serializer under real Jest (CommonJS), registered by
// `tool-call-accuracy/jest`; and the unordered matchers toCallToolsInAnyOrder and toCallOnlyFrom.
const ai = require('ai6');
const { MockLanguageModelV3 } = require('ai6/test');
const { createAgentTestRun, createTestMessage, createToolInvocation } = require('tool-call-accuracy/testing');
const { trajectory, getToolCalls, check } = require('tool-call-accuracy');
const { failureMessage } = require('./failureMessage.cjs');
const { outcomeLoop } = require('./fixtures/outcomeLoop.cjs');

const mastraRun = createAgentTestRun({
  inputMessages: [createTestMessage({ content: 'look it up', role: 'user', id: 'u1' })],
  output: [
    createTestMessage({
      content: 'Looking.',
      role: 'assistant',
      id: 'a1',
      toolInvocations: [
        createToolInvocation({ toolCallId: 'c1', toolName: 'lookup', args: { url: 'https://x.test/good' }, result: { status: 200 } }),
        createToolInvocation({ toolCallId: 'c2', toolName: 'search', args: { q: 'cats' }, result: {}, state: 'call' }),
      ],
    }),
  ],
});

test('the setup file prints a trajectory as its text: a snapshot file', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV3);
  expect(trajectory(run)).toMatchSnapshot();
});

test('the setup file prints a trajectory as its text: an inline snapshot', () => {
  expect(trajectory(mastraRun)).toMatchInlineSnapshot(`
lookup  {"url":"https://x.test/good"}  → {"status":200}
search  {"q":"cats"}  → no result
`);
});

test('other values keep their snapshots', () => {
  expect(getToolCalls(mastraRun)).toMatchSnapshot();
  expect(String(trajectory(mastraRun))).toMatchSnapshot();
});

test('toCallToolsInAnyOrder and toCallOnlyFrom, .not and check(run)', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV3);
  expect(run).toCallToolsInAnyOrder(['search', 'lookup', { toolName: 'lookup', error: true }]);
  expect(run).not.toCallToolsInAnyOrder(['lookup', 'lookup', 'lookup']);
  expect(run).toCallOnlyFrom(['search', 'search', 'lookup', 'lookup', 'delete']);
  expect(run).not.toCallOnlyFrom(['search', 'lookup', 'lookup']);
  check(run).toCallOnlyFrom(['search', 'search', 'lookup', 'lookup']);
  const message = failureMessage(() => expect(run).toCallOnlyFrom(['search', 'lookup', 'lookup']));
  expect(message).toContain('More calls than items: call 4, "search". Each item that fits it matched another call.');
  expect(message).toContain('- Expected');
  const missing = failureMessage(() => expect(run).toCallToolsInAnyOrder(['search', 'book']));
  expect(missing).toContain('Not called: "book" (expected 2nd).');
});
