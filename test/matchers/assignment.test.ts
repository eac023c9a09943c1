import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passes } from '../helpers/failureOf.js';
import { runWithCalls } from '../helpers/runs.js';

// Random runs whose calls carry inputs, and expected items that are names, exact inputs or
// asymmetric matchers, so one call can fit several items. The matchers must find an assignment
// of calls to items whenever one exists: checked against trying every assignment.
const toolName = fc.constantFrom('search', 'book');
const input = fc.record({ q: fc.constantFrom('cats', 'dogs', 'owls') });
const calls = fc.array(fc.record({ toolName, args: input }), { maxLength: 6 });
type Item = { toolName: string; input?: unknown; kind: 'name' | 'exact' | 'any' | 'startsWith' };
const item: fc.Arbitrary<Item> = fc.oneof(
  toolName.map((name) => ({ toolName: name, kind: 'name' as const })),
  fc.tuple(toolName, input).map(([name, args]) => ({ toolName: name, input: args, kind: 'exact' as const })),
  toolName.map((name) => ({ toolName: name, input: expect.anything(), kind: 'any' as const })),
  fc.tuple(toolName, fc.constantFrom('c', 'd')).map(([name, letter]) => ({
    toolName: name,
    input: { q: expect.stringMatching(new RegExp(`^${letter}`)) },
    kind: 'startsWith' as const,
    letter,
  })),
);

/** The reference predicate, written without the runner's equality. */
function fits(call: { toolName: string; args: { q: string } }, expected: Item & { letter?: string }): boolean {
  if (call.toolName !== expected.toolName) return false;
  if (expected.kind === 'exact') return call.args.q === (expected.input as { q: string }).q;
  if (expected.kind === 'startsWith') return call.args.q.startsWith(expected.letter!);
  return true;
}

function someOrderedAssignment(made: { toolName: string; args: { q: string } }[], items: Item[], from = 0, index = 0): boolean {
  if (index === items.length) return true;
  for (let call = from; call < made.length; call++) {
    if (fits(made[call]!, items[index]!) && someOrderedAssignment(made, items, call + 1, index + 1)) return true;
  }
  return false;
}

function somePermutation(made: { toolName: string; args: { q: string } }[], items: Item[], used = new Set<number>(), index = 0): boolean {
  if (made.length !== items.length) return false;
  if (index === items.length) return true;
  for (let call = 0; call < made.length; call++) {
    if (used.has(call) || !fits(made[call]!, items[index]!)) continue;
    used.add(call);
    if (somePermutation(made, items, used, index + 1)) return true;
    used.delete(call);
  }
  return false;
}

/** The most items that can each get a distinct call they fit (trying every assignment). */
function largestAssignment(made: { toolName: string; args: { q: string } }[], items: Item[], used = new Set<number>(), index = 0): number {
  if (index === items.length) return 0;
  let best = largestAssignment(made, items, used, index + 1);
  for (let call = 0; call < made.length; call++) {
    if (used.has(call) || !fits(made[call]!, items[index]!)) continue;
    used.add(call);
    best = Math.max(best, 1 + largestAssignment(made, items, used, index + 1));
    used.delete(call);
  }
  return best;
}

const asPattern = ({ toolName, input, kind }: Item) => (kind === 'name' ? toolName : { toolName, input });

describe('assignment of calls to expected items (inputs and asymmetric matchers)', () => {
  it('toCallToolsInOrder passes exactly when an in-order assignment exists', () => {
    fc.assert(
      fc.property(calls, fc.array(item, { minLength: 1, maxLength: 4 }), (made, items) => {
        const run = runWithCalls(...made);
        expect(passes(() => expect(run).toCallToolsInOrder(items.map(asPattern)))).toBe(someOrderedAssignment(made, items));
      }),
      { numRuns: 1500 },
    );
  });

  it('toCallOnly([…]) passes exactly when some permutation of the calls fits the items', () => {
    fc.assert(
      fc.property(calls, fc.array(item, { maxLength: 6 }), (made, items) => {
        const run = runWithCalls(...made);
        expect(passes(() => expect(run).toCallOnly(items.map(asPattern)))).toBe(somePermutation(made, items));
      }),
      { numRuns: 1500 },
    );
  });

  it('toCallToolsInAnyOrder passes exactly when every item can have a call of its own', () => {
    fc.assert(
      fc.property(calls, fc.array(item, { minLength: 1, maxLength: 5 }), (made, items) => {
        const run = runWithCalls(...made);
        expect(passes(() => expect(run).toCallToolsInAnyOrder(items.map(asPattern)))).toBe(largestAssignment(made, items) === items.length);
      }),
      { numRuns: 1500 },
    );
  });

  it('toCallOnlyFrom passes exactly when every call can have an item of its own', () => {
    fc.assert(
      fc.property(calls, fc.array(item, { maxLength: 6 }), (made, items) => {
        const run = runWithCalls(...made);
        expect(passes(() => expect(run).toCallOnlyFrom(items.map(asPattern)))).toBe(largestAssignment(made, items) === made.length);
      }),
      { numRuns: 1500 },
    );
  });

  it('toCallOnly([…]) finds the assignment a greedy pass would miss', () => {
    fc.assert(
      fc.property(fc.constantFrom('cats', 'dogs'), (first) => {
        const other = first === 'cats' ? 'dogs' : 'cats';
        const run = runWithCalls({ toolName: 'search', args: { q: first } }, { toolName: 'search', args: { q: other } });
        // The first item fits both calls; greedily taking call 1 would leave the second item nothing.
        expect(run).toCallOnly([{ toolName: 'search', input: expect.anything() }, { toolName: 'search', input: { q: first } }]);
        expect(run).toCallToolsInAnyOrder([{ toolName: 'search', input: expect.anything() }, { toolName: 'search', input: { q: first } }]);
        expect(run).toCallOnlyFrom([{ toolName: 'search', input: expect.anything() }, { toolName: 'search', input: { q: first } }, 'book']);
      }),
    );
  });
});
