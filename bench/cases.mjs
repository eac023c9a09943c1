// The matcher cases the benchmarks time (bench/matchers.mjs, bench/profile.mjs): each matcher,
// passing and failing, through Jest's own `expect` with the Jest setup file (which also writes the
// diff into the message). Importing this module sets `globalThis.expect` and loads that setup.
//
// To add a matcher: one line in CASES.
import { expect } from 'expect';
import { z } from 'zod';
import { NAMES, tokensOf } from './shapes.mjs';

globalThis.expect = expect;
await import('../dist/jest.js');

/** Two adjacent items swapped in the middle of a copy of `list`. */
const swapped = (list) => {
  const copy = [...list];
  const at = copy.length >> 1;
  [copy[at], copy[at + 1]] = [copy[at + 1], copy[at]];
  return copy;
};
const names = (calls) => calls.map((call) => call.toolName);
const count = (calls, name) => calls.filter((call) => call.toolName === name).length;
/** Every name, a failed call's as `{ toolName, error: true }`. */
const outcomes = (calls) => calls.map((call) => (call.error === undefined ? call.toolName : { toolName: call.toolName, error: true }));
/** A zod schema per tool, each taking every input of the run (`{ n }` from 0 up to `below`). */
const schemas = (below) => Object.fromEntries(NAMES.map((name) => [name, z.object({ n: z.number().int().min(0).max(below) })]));

/**
 * Each case: [name, (calls) => [pass, fail], needs?], where pass and fail take the run (and its shape). `calls` are
 * the run's calls as callsOf gives them ({ id, toolName, input, output or error }); anything derived
 * from them (lists of names, counts, schemas) is computed here, once per size, outside the timing.
 * `needs`: what the run must record for the case to mean anything, 'errors' or 'tokens' (SHAPES
 * says which shapes record them); the others skip the case, and the results list each skip.
 */
export const CASES = [
  ['toCallTool (last call, with its input)', (c) => [(run) => expect(run).toCallTool(c.at(-1).toolName, c.at(-1).input), (run) => expect(run).toCallTool('lgo')]],
  ['toCallToolsInOrder (every name)', (c, n = names(c), w = swapped(n)) => [(run) => expect(run).toCallToolsInOrder(n), (run) => expect(run).toCallToolsInOrder(w)]],
  ['toCallToolsInOrder (every name, strict)', (c, n = names(c), w = swapped(n)) => [(run) => expect(run).toCallToolsInOrder(n, { strict: true }), (run) => expect(run).toCallToolsInOrder(w, { strict: true })]],
  ['toCallOnly (every name, reversed)', (c, n = names(c).reverse(), w = ['other', ...n.slice(1)]) => [(run) => expect(run).toCallOnly(n), (run) => expect(run).toCallOnly(w)]],
  ['toCallOnly (every call with its input, reversed)', (c, p = c.map((x) => ({ toolName: x.toolName, input: x.input })).reverse(), w = [{ toolName: 'search', input: { n: -1 } }, ...p.slice(1)]) => [(run) => expect(run).toCallOnly(p), (run) => expect(run).toCallOnly(w)]],
  // The unordered twins (issue 30): every item needs its own call / every call its own item.
  ['toCallToolsInAnyOrder (every name, reversed)', (c, n = names(c).reverse(), w = ['other', ...n.slice(1)]) => [(run) => expect(run).toCallToolsInAnyOrder(n), (run) => expect(run).toCallToolsInAnyOrder(w)]],
  ['toCallOnlyFrom (every name and one more, reversed; fails one short)', (c, n = names(c).reverse(), w = n.slice(1)) => [(run) => expect(run).toCallOnlyFrom([...n, 'other']), (run) => expect(run).toCallOnlyFrom(w)]],
  ['toCallToolTimes', (c, k = count(c, 'search')) => [(run) => expect(run).toCallToolTimes('search', k), (run) => expect(run).toCallToolTimes('search', k + 1)]],
  ['toCallNoTools (.not passes)', () => [(run) => expect(run).not.toCallNoTools(), (run) => expect(run).toCallNoTools()]],
  // The matchers of outcomes, errors, retries, repeats, budgets and valid inputs (issue 18).
  // A format that keeps results as text (`textResults` in SHAPES) is asked for the text.
  ['toCallTool (last call, with its input and { output })', (c, l = c.at(-1), text = JSON.stringify(l.output)) => [(run, shape) => expect(run).toCallTool(l.toolName, l.input, { output: shape.textResults ? text : l.output }), (run) => expect(run).toCallTool(l.toolName, l.input, { output: { ok: -1 } })]],
  ['toCallToolsInOrder (every name, failed calls as { error: true })', (c, p = outcomes(c), w = [...p.slice(0, -1), { toolName: c.at(-1).toolName, error: true }]) => [(run) => expect(run).toCallToolsInOrder(p), (run) => expect(run).toCallToolsInOrder(w)], 'errors'],
  ['toCallToolsWithoutErrors (.not passes)', () => [(run) => expect(run).not.toCallToolsWithoutErrors(), (run) => expect(run).toCallToolsWithoutErrors()], 'errors'],
  ['toCallToolsWithoutErrors ({ retries: 2 }; fails under .not)', () => [(run) => expect(run).toCallToolsWithoutErrors({ retries: 2 }), (run) => expect(run).not.toCallToolsWithoutErrors({ retries: 2 })], 'errors'],
  ['toCallToolTimes (expect.any(String), { max })', (c) => [(run) => expect(run).toCallToolTimes(expect.any(String), { max: c.length }), (run) => expect(run).toCallToolTimes(expect.any(String), { max: c.length - 1 })]],
  ['toRepeatToolCalls (.not passes)', () => [(run) => expect(run).not.toRepeatToolCalls(), (run) => expect(run).toRepeatToolCalls()]],
  ['toRepeatToolCalls ({ consecutive: false }; fails under .not)', () => [(run) => expect(run).toRepeatToolCalls({ consecutive: false }), (run) => expect(run).not.toRepeatToolCalls({ consecutive: false })]],
  ['toStayWithinBudget ({ toolCalls })', (c) => [(run) => expect(run).toStayWithinBudget({ toolCalls: c.length }), (run) => expect(run).toStayWithinBudget({ toolCalls: c.length - 1 })]],
  ['toStayWithinBudget ({ tokens })', (c, t = tokensOf(c.length)) => [(run) => expect(run).toStayWithinBudget({ tokens: t }), (run) => expect(run).toStayWithinBudget({ tokens: t - 1 })], 'tokens'],
  // Failing: the last 20 calls' inputs are over the schemas' maximum (5 to each tool).
  ['toCallToolsWithValidInputs (zod schemas)', (c, ok = schemas(c.length), bad = schemas(c.length - 21)) => [(run) => expect(run).toCallToolsWithValidInputs(ok), (run) => expect(run).toCallToolsWithValidInputs(bad)]],
];

/** Why a shape cannot answer a case that needs `needs`, or undefined when it can. */
export function cannotAnswer(shape, needs) {
  if (needs === 'errors' && shape.errors === false) return 'the format has no field for a failed call';
  if (needs === 'tokens' && !shape.tokens) return 'the format records no token usage';
  return undefined;
}

/**
 * What each case compares, for the reference it is measured against (bench/matchers.mjs): the
 * runner's own `toEqual` over the same 100,000 names, or over the same calls' names and inputs.
 * A case not listed compares names (or counts, which is less).
 */
export const COMPARES_INPUTS = new Set([
  'toCallTool (last call, with its input)',
  'toCallOnly (every call with its input, reversed)',
  'toCallTool (last call, with its input and { output })',
  'toRepeatToolCalls (.not passes)',
  'toRepeatToolCalls ({ consecutive: false }; fails under .not)',
  'toCallToolsWithValidInputs (zod schemas)',
]);

/** Milliseconds for one call of `fn`, and the failure message's length (0 when it passed). */
export function timeOne(fn) {
  const start = performance.now();
  let messageLength = 0;
  try {
    fn();
  } catch (error) {
    // Only a failed assertion is a failure: a TypeError (a case written wrong) stops the bench.
    if (!error?.matcherResult) throw error;
    messageLength = error.message.length;
  }
  return { ms: performance.now() - start, messageLength };
}

/** The entries of `list` whose name (or first item) contains one of the comma-separated words in the environment variable. */
export function pick(list, variable) {
  const words = process.env[variable]?.split(',');
  return words ? list.filter((entry) => words.some((word) => (entry.name ?? entry[0]).includes(word))) : list;
}
