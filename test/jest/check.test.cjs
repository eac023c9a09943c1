// check(run) inside real Jest (CommonJS): the built package's own equality and printing, with Jest's
// asymmetric matchers in inputs and names, and the same failure message Jest prints for the matcher.
const { check, ToolCallCheckError } = require('tool-call-accuracy');
const { createAgentTestRun, createTestMessage, createToolInvocation } = require('tool-call-accuracy/testing');
const { failureMessage } = require('./failureMessage.cjs');

const run = createAgentTestRun({
  inputMessages: [createTestMessage({ role: 'user', content: 'Book SFO to JFK', id: 'in-1' })],
  output: [
    createTestMessage({
      role: 'assistant',
      content: 'Booked.',
      id: 'out-1',
      toolInvocations: [
        createToolInvocation({ toolCallId: 'c1', toolName: 'search-flights', args: { from: 'SFO', to: 'JFK' }, result: { flights: ['UA 1234'] }, state: 'result' }),
        createToolInvocation({ toolCallId: 'c2', toolName: 'book-flight', args: { flightId: 'UA 1234', seat: '14C' }, result: { ok: true }, state: 'result' }),
      ],
    }),
  ],
});

test('check(run) passes quietly and takes Jest asymmetric matchers', () => {
  check(run).toCallToolsInOrder(['search-flights', 'book-flight']);
  check(run).toCallTool(expect.stringMatching(/^book/), expect.objectContaining({ seat: expect.stringMatching(/^\d+[A-F]$/) }));
  check(run).not.toCallTool('cancel-flight');
});

test('check(run) throws the message Jest prints for the same matcher', () => {
  let thrown;
  try {
    check(run).toCallToolsInOrder(['book-flight', 'search-flights']);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ToolCallCheckError);
  expect(thrown.message).toBe(failureMessage(() => expect(run).toCallToolsInOrder(['book-flight', 'search-flights'])));
});
