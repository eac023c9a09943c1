// Before/after of the new matchers on one shape, in one process: a base build and this one (built:
// npm run build) take turns, medians of rounds and of the rounds' ratios. The base is another
// build's dist/, e.g. git archive <commit> | tar -x -C /tmp/base && (cd /tmp/base && npm ci && npm run build).
// BENCH_BASE=/tmp/base/dist SHAPE=plain N=100000 FN=repeatsAll,valid node --max-old-space-size=4096 bench/ab-matchers.mjs
import { expect } from 'expect';
import { z } from 'zod';
import { NAMES, SHAPES, callsOf, pairOf, swallow, tenPairsOf, tokensOf } from './shapes.mjs';
const base = await import(`${process.env.BENCH_BASE ?? '/tmp/base/dist'}/index.js`);
const now = await import(process.env.BENCH_NEW ? `${process.env.BENCH_NEW}/index.js` : "../dist/index.js");
const prefix = (m, p) => Object.fromEntries(Object.entries(m).map(([k, v]) => [p + k, v]));
expect.extend(prefix(base.matchers, 'base_'));
expect.extend(prefix(now.matchers, 'new_'));
const shape = SHAPES.find((s) => s.name === (process.env.SHAPE ?? 'plain'));
const n = Number(process.env.N ?? 100000);
const calls = callsOf(n); const run = shape.build(calls);
const schemas = (below) => Object.fromEntries(NAMES.map((name) => [name, z.object({ n: z.number().int().min(0).max(below) })]));
const ok = schemas(n), bad = schemas(n - 21);
const p = calls.map((c) => (c.error === undefined ? c.toolName : { toolName: c.toolName, error: true }));
const names = calls.map((c) => c.toolName);
const swappedNames = [...names];
[swappedNames[n >> 1], swappedNames[(n >> 1) + 1]] = [swappedNames[(n >> 1) + 1], swappedNames[n >> 1]];
const pairs = calls.map(pairOf).reverse();
const tenPairs = tenPairsOf(calls);
const CASES = {
  read: (m) => (m === 'base_' ? base : now).getToolCalls(run),
  toolInput: (m) => swallow(() => expect(run)[m + 'toCallTool'](calls.at(-1).toolName, calls.at(-1).input)),
  inOrder: (m) => swallow(() => expect(run)[m + 'toCallToolsInOrder'](names)),
  inOrderFail: (m) => swallow(() => expect(run)[m + 'toCallToolsInOrder'](swappedNames)),
  inOrderInputs: (m) => swallow(() => expect(run)[m + 'toCallToolsInOrder'](tenPairs)),
  anyOrderInputs: (m) => swallow(() => expect(run)[m + 'toCallToolsInAnyOrder']([...tenPairs].reverse())),
  only: (m) => swallow(() => expect(run)[m + 'toCallOnly'](names)),
  onlyFail: (m) => swallow(() => expect(run)[m + 'toCallOnly'](['other', ...names.slice(1)])),
  onlyInputs: (m) => swallow(() => expect(run)[m + 'toCallOnly'](pairs)),
  repeatsAll: (m) => swallow(() => expect(run).not[m + 'toRepeatToolCalls']({ consecutive: false })),
  repeatsAllPass: (m) => swallow(() => expect(run)[m + 'toRepeatToolCalls']({ consecutive: false })),
  repeats: (m) => swallow(() => expect(run)[m + 'toRepeatToolCalls']()),
  valid: (m) => swallow(() => expect(run)[m + 'toCallToolsWithValidInputs'](ok)),
  validFail: (m) => swallow(() => expect(run)[m + 'toCallToolsWithValidInputs'](bad)),
  inOrderErr: (m) => swallow(() => expect(run)[m + 'toCallToolsInOrder'](p)),
  output: (m) => swallow(() => expect(run)[m + 'toCallTool'](calls.at(-1).toolName, calls.at(-1).input, { output: calls.at(-1).output })),
  withoutErrors: (m) => swallow(() => expect(run)[m + 'toCallToolsWithoutErrors']()),
  times: (m) => swallow(() => expect(run)[m + 'toCallToolTimes'](expect.any(String), { max: n - 1 })),
  tokens: (m) => swallow(() => expect(run)[m + 'toStayWithinBudget']({ tokens: tokensOf(n) - 1 })),
};
// The reference of issue 46: the runner's own toEqual over the same data (the run's calls, as the
// expected items name them, against the expected list), timed in the same rounds. A case that fails
// is timed against a toEqual that fails too: the runner reads a failing matcher's message (Jest's
// expect calls message() before it throws), and a failing toEqual writes its own, with its diff.
// The failing reference is the cheapest the data gives (the run's names against the same names
// with two swapped, the difference of inOrderFail), so it does not flatter a failing case.
const seen = calls.map(pairOf);
const reference = (failing) => swallow(() => (failing ? expect(names).toEqual(swappedNames) : expect(seen).toEqual([...pairs].reverse())));
// GC=1: the garbage collector's share. Each round's span is kept, and V8's collections (perf_hooks
// 'gc' entries) that fall inside it are summed: the line adds each side's mean time with the
// collector's part, and the median time outside the collector (the matcher's own work).
// CPU=1: each round is timed by the process's CPU time (process.cpuUsage: user and system, all
// threads, so the collector's helper threads too) instead of the wall clock, which on a shared
// machine counts the time the process waited for a core: a round longer than the scheduler's slice
// waits, a short one often not.
const clock = process.env.CPU ? () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; } : () => performance.now();
// FRESH=1 (with node --expose-gc): a full collection before each timed call, so that no round
// starts with garbage another left; with a young generation larger than a round allocates
// (--min-semi-space-size and --max-semi-space-size, in MB), no collection runs inside a round.
const fresh = process.env.FRESH ? globalThis.gc : () => {};
const collections = [];
if (process.env.GC) new PerformanceObserver((list) => collections.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
const which = (process.env.FN ?? 'repeatsAll').split(',');
const R = Number(process.env.R ?? 9);
for (const w of which) {
  const t = { base_: [], new_: [], ref: [], passRef: [] };
  const spans = { base_: [], new_: [], ref: [] };
  // Which build goes first alternates: the second of a pair pays for the garbage the first left.
  let failing = false;
  for (let r = 0; r <= R; r++) {
    for (const m of r % 2 ? ['base_', 'new_'] : ['new_', 'base_']) { fresh(); const s = performance.now(), c = clock(); const failed = CASES[w](m); const d = clock() - c, e = performance.now(); if (r > 0) { t[m].push(d); spans[m].push([s, e]); } failing = failed === true; }
    fresh(); const s = performance.now(), c = clock(); if (reference(failing) !== failing) throw new Error(`${w}: the reference must fail when the case does`);
    const d = clock() - c, e = performance.now(); if (r > 0) { t.ref.push(d); spans.ref.push([s, e]); }
    if (failing) { fresh(); const p = clock(); reference(false); if (r > 0) t.passRef.push(clock() - p); }
  }
  const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
  const ratios = t.base_.map((b, i) => t.new_[i] / b);
  const toEqual = t.new_.map((x, i) => x / t.ref[i]);
  // A failing case also prints its ratio to the passing toEqual (what this bench printed before).
  const againstPass = failing ? `, new/toEqual passing ${med(t.new_.map((x, i) => x / t.passRef[i])).toFixed(2)}` : '';
  let collector = '';
  if (process.env.GC) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const inside = ([s, e]) => collections.reduce((sum, c) => (c.startTime >= s && c.startTime + c.duration <= e ? sum + c.duration : sum), 0);
    const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
    const side = (k) => { const gc = spans[k].map(inside); return { mean: mean(t[k]), gc: mean(gc), outside: med(t[k].map((x, i) => x - gc[i])) }; };
    const [b, nw, ref] = ['base_', 'new_', 'ref'].map(side);
    collector = `; mean ms (collector): base ${b.mean.toFixed(3)} (${b.gc.toFixed(3)}), new ${nw.mean.toFixed(3)} (${nw.gc.toFixed(3)}), toEqual ${ref.mean.toFixed(3)} (${ref.gc.toFixed(3)}); median outside the collector: base ${b.outside.toFixed(3)}, new ${nw.outside.toFixed(3)}, toEqual ${ref.outside.toFixed(3)}`;
    collections.length = 0;
  }
  console.log(`${shape.name} ${n} ${w}: base ${med(t.base_).toFixed(3)} ms, new ${med(t.new_).toFixed(3)} ms, new/base median of rounds ${med(ratios).toFixed(2)}, new/toEqual${failing ? ' failing' : ''} ${med(toEqual).toFixed(2)}${againstPass}${collector}`);
}
