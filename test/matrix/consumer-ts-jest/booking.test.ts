// TypeScript tests under the README's Jest ESM setup, exactly: test/matrix/run.mjs writes
// jest.config.js from the README's block and runs Jest with the README's NODE_OPTIONS; its types
// step then compiles these files with tsc, the matcher types coming from "types" in tsconfig.json.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { configureJudge } from 'tool-call-accuracy';
import { request, runAgent, tools } from './agent.js';

const searchThenBook = () =>
  runAgent([[['search-flights', { from: 'SFO', to: 'JFK' }]], [['book-flight', { flightId: 'UA 1234', seat: '14C' }]]]);

test('the matchers pass on a real AI SDK run', async () => {
  const result = await searchThenBook();
  expect(result).toCallToolsInOrder(['search-flights', 'book-flight']);
  expect(result).toCallTool('book-flight', { flightId: 'UA 1234', seat: expect.stringMatching(/^\d+[A-F]$/) });
  expect(result).toCallToolsWithValidInputs(tools);
  expect(result).not.toCallTool('cancel-booking');
  // @ts-expect-error the matcher types are in: a number is no tool name (tsc fails on an unused directive)
  expect(() => expect(result).toCallTool(42)).toThrow('toolName must be a non-empty tool name');
});

test('a failure reads as a diff', async () => {
  const result = await runAgent([[['book-flight', { flightId: 'UA 1234', seat: '14C' }]], [['search-flights', { from: 'SFO', to: 'JFK' }]]]);
  let message = '';
  try {
    expect(result).toCallToolsInOrder(['search-flights', 'book-flight']);
  } catch (error) {
    message = stripVTControlCharacters((error as Error).message);
  }
  expect(message).toContain('expect(run).toCallToolsInOrder(expected)');
  expect(message).toContain('First out of order: "book-flight" (expected 2nd) came before "search-flights" (expected 1st)');
  expect(message).toContain('- Expected\n+ Received');
});

test("a missing verdict says how to record it in Jest's ESM mode", async () => {
  configureJudge({ model: 'openai/gpt-5-mini', availableTools: tools, cache: { mode: 'replay', dir: mkdtempSync(path.join(tmpdir(), 'verdicts-')) } });
  let message = '';
  try {
    await expect(await searchThenBook()).toUseAppropriateTools({ request });
  } catch (error) {
    message = stripVTControlCharacters((error as Error).message);
  }
  expect(message).toContain('No recorded verdict for this run');
  expect(message).toContain("configureJudge({ cache: { mode: 'auto' } }) and running, with the judge model's credentials:\n  NODE_OPTIONS=--experimental-vm-modules npx jest booking.test.ts");
});
