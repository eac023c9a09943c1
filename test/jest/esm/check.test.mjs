// check(run) in Jest's ESM mode: the package's ES module build loads its equality and printing with
// a require() of its own, and takes Jest's asymmetric matchers.
import { check, ToolCallCheckError } from 'tool-call-accuracy';

const run = [
  { toolName: 'search-flights', input: { from: 'SFO', to: 'JFK' } },
  { toolName: 'book-flight', input: { flightId: 'UA 1234', seat: '14C' } },
];

test('check(run) passes quietly, takes Jest asymmetric matchers, and throws the failure message', () => {
  check(run).toCallToolsInOrder(['search-flights', 'book-flight']);
  check(run).toCallTool('book-flight', expect.objectContaining({ seat: expect.stringMatching(/^\d+[A-F]$/) }));
  expect(() => check(run).not.toCallTool('book-flight')).toThrow(ToolCallCheckError);
  expect(() => check(run).toCallOnly('book-flight')).toThrow(/^expect\(run\)\.toCallOnly\(expected\)/);
});
