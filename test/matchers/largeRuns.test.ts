import { describe, expect, it } from 'vitest';
import { failureOf } from '../helpers/failureOf.js';

// A run of 100,000 calls: the matchers decide it and their failure text and diff stay small,
// showing the first difference. (Speed is measured in bench/, never asserted here.)
const names = ['search', 'book', 'email', 'log'];
const count = 100_000;
const run = Array.from({ length: count }, (_, index) => ({ toolName: names[index % 4]!, input: { n: index } }));
const calledNames = run.map((call) => call.toolName);

/** Every value of a diff side is small: at most 40 entries and the two "cut here" notes. */
function expectSmallDiffSide(side: unknown): unknown[] {
  expect(Array.isArray(side)).toBe(true);
  expect((side as unknown[]).length).toBeLessThanOrEqual(42);
  return side as unknown[];
}

// A generous timeout: these are checks of verdicts and messages, and a loaded machine (CI runners
// share cores) may take several seconds over 100,000 calls; speed is measured in bench/.
describe('matchers on a run of 100,000 calls', { timeout: 30_000 }, () => {
  it('toCallOnly([…]) matches a reversed list of plain names, and names the one call out of place', () => {
    expect(run).toCallOnly([...calledNames].reverse());
    const expected = [...calledNames].reverse();
    expect(expected[10]).toBe('book');
    expected[10] = 'bokk';
    const failure = failureOf(() => expect(run).toCallOnly(expected));
    expect(failure.message.length).toBeLessThan(3000);
    expect(failure.message).toContain('Received 100000 tool calls:');
    expect(failure.message).toContain('  … and 99980 more');
    expect(failure.message).toContain('Not called: "bokk" (expected 11th). Did you mean "book"?');
    expect(failure.message).toContain(`Not expected: call ${count - 2}, "book".`);
    const expectedSide = expectSmallDiffSide(failure.expected);
    const actualSide = expectSmallDiffSide(failure.actual);
    expect(expectedSide.slice(0, 2)).toEqual(['… 7 earlier', expected[7]]);
    expect(expectedSide).toContain('bokk');
    expect(actualSide[0]).toBe('… 7 earlier');
    expect(expectedSide.at(-1)).toBe(`… and ${count - 47} more`);
  });

  it('toCallOnly([…]) matches a reversed list of every call with its input, and names the one item no call fits', () => {
    // Patterns written out, not the calls' own input objects.
    const expected = run.map((call) => ({ toolName: call.toolName, input: { n: call.input.n } })).reverse();
    expect(run).toCallOnly(expected);
    expected[5] = { toolName: 'book', input: { n: -1 } };
    const failure = failureOf(() => expect(run).toCallOnly(expected));
    expect(failure.message).toContain('Called, but not with the expected input: "book" with input {"n":-1} (expected 6th).');
    expect(failure.message).toContain(`Not expected: call ${count - 5}, "email".`);
    expect(failure.message.length).toBeLessThan(6000);
    expectSmallDiffSide(failure.expected);
    expectSmallDiffSide(failure.actual);
  });

  it('toCallOnly([…]) lists at most ten missing and ten unexpected calls', () => {
    const failure = failureOf(() => expect(run).toCallOnly(calledNames.map((name) => `${name}-v2`)));
    expect(failure.message).toContain('; … and 99990 more.');
    expect(failure.message.length).toBeLessThan(4000);
  });

  it('toCallToolsInOrder strict shows a diff window at the first difference', () => {
    const expected = [...calledNames];
    expected[50_000] = 'other';
    const failure = failureOf(() => expect(run).toCallToolsInOrder(expected, { strict: true }));
    expect(failure.message).toContain('First difference at call 50001: expected "other", received "search".');
    expect(failure.message.length).toBeLessThan(3000);
    const expectedSide = expectSmallDiffSide(failure.expected);
    const actualSide = expectSmallDiffSide(failure.actual);
    expect(expectedSide.slice(0, 5)).toEqual(['… 49997 earlier', 'book', 'email', 'log', 'other']);
    expect(actualSide.slice(0, 5)).toEqual(['… 49997 earlier', 'book', 'email', 'log', 'search']);
  });

  it('toCallTool lists at most ten matching calls under .not, and cuts the inputs it diffs', () => {
    const negated = failureOf(() => expect(run).not.toCallTool('log'));
    expect(negated.message).toContain('Matching calls: 4, 8, 12, 16, 20, 24, 28, 32, 36, 40 and 24990 more');
    expect(negated.message.length).toBeLessThan(3000);
    const failure = failureOf(() => expect(run).toCallTool('log', { n: -1 }));
    expect(failure.message).toContain('"log" was called 25000 times, but never with the expected input.');
    expect(failure.expected).toEqual({ n: -1 });
    const actualSide = expectSmallDiffSide(failure.actual);
    expect(actualSide.slice(0, 2)).toEqual([{ n: 3 }, { n: 7 }]);
    expect(actualSide.at(-1)).toBe('… and 24960 more');
  });

  it('how the run went: failures, retries, repeats and outcome items stay short in the message', () => {
    // Every call to "search" fails, and is never retried successfully: 25,000 failures in one run of attempts.
    const failing = run.map((call) => (call.toolName === 'search' ? { ...call, error: new Error(`timeout ${call.input.n}`) } : { ...call, output: call.input.n }));
    for (const assertion of [
      () => expect(failing).toCallToolsWithoutErrors(),
      () => expect(failing).toCallToolsWithoutErrors({ retries: 3 }),
      () => expect([...failing, ...failing]).not.toRepeatToolCalls({ consecutive: false }),
      () => expect(failing).toCallTool('search', undefined, { error: false }),
      () => expect(failing).toCallToolsInOrder([{ toolName: 'book', error: true }]),
      () => expect(failing).toCallToolTimes(expect.any(String), { max: 10 }),
    ]) {
      const { message } = failureOf(assertion);
      expect(message.length).toBeLessThan(5_000);
      expect(message).toContain('Received');
    }
    expect(failureOf(() => expect(failing).toCallToolsWithoutErrors({ retries: 3 })).message).toContain('"search": 25000 attempts, never tried again (not recovered):');
  });

  it('toCallNoTools lists at most twenty calls and diffs a window of names', () => {
    const failure = failureOf(() => expect(run).toCallNoTools());
    expect(failure.message).toContain('  … and 99980 more');
    expect(failure.message.length).toBeLessThan(3000);
    expect(failure.expected).toEqual([]);
    const actualSide = expectSmallDiffSide(failure.actual);
    expect(actualSide.slice(0, 4)).toEqual(['search', 'book', 'email', 'log']);
    expect(actualSide.at(-1)).toBe(`… and ${count - 40} more`);
  });

  it('toCallToolsInOrder with two adjacent names swapped says which item came out of order', () => {
    const expected = [...calledNames];
    [expected[50_000], expected[50_001]] = [expected[50_001]!, expected[50_000]!];
    const failure = failureOf(() => expect(run).toCallToolsInOrder(expected));
    // Matching goes on past the swap, one call late, until the last items find no call.
    expect(failure.message).toContain('First out of order: "search" (expected 99997th) came before "book" (expected 50001st)');
    expect(failure.message.length).toBeLessThan(3000);
    expectSmallDiffSide(failure.expected);
    expectSmallDiffSide(failure.actual);
  });
});
