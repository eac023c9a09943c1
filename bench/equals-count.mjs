// How many times a matcher asks the runner's equals, per assertion, at 1,000, 10,000 and 100,000 calls
// on the plain shape: each matcher runs with a context whose equals counts its calls (issue 46's
// linearity check). npm run build && node bench/equals-count.mjs
import { expect } from 'expect';
import { callsOf, pairOf, SHAPES, swallow } from './shapes.mjs';
const now = await import('../dist/index.js');
let count = 0;
const counted = Object.fromEntries(Object.entries(now.matchers).map(([name, m]) => [name, function (...args) {
  const ctx = Object.create(this); ctx.equals = (...a) => { count++; return this.equals(...a); };
  return m.call(ctx, ...args);
}]));
expect.extend(counted);
for (const n of [1000, 10000, 100000]) {
  const calls = callsOf(n); const run = SHAPES.find((s) => s.name === 'plain').build(calls);
  const names = calls.map((c) => c.toolName);
  const pairs = calls.map(pairOf).reverse();
  const ten = pairs.slice(0, 10);
  const cases = {
    toolInput: () => expect(run).toCallTool(calls.at(-1).toolName, calls.at(-1).input),
    only: () => expect(run).toCallOnly(names),
    onlyFail: () => expect(run).toCallOnly(['other', ...names.slice(1)]),
    inOrder: () => expect(run).toCallToolsInOrder(names),
    onlyInputs: () => expect(run).toCallOnly(pairs),
    anyOrder10Inputs: () => expect(run).toCallToolsInAnyOrder(ten),
    repeatsAll: () => expect(run).not.toRepeatToolCalls({ consecutive: false }),
  };
  console.log(n, Object.entries(cases).map(([k, f]) => { count = 0; swallow(f); return `${k} ${count}`; }).join(', '));
}
