// The cells of the compatibility matrix: what users install this package beside. Exact versions,
// so a cell's result is reproducible; raise them here when new releases come out.

/** The newest release of each line we support. */
export const versions = {
  vitest: { '3.2': '3.2.7', 4: '4.1.12', 5: '5.1.2' },
  jest: { 29: { jest: '29.7.0', '@jest/globals': '29.7.0', '@types/jest': '29.5.14' }, 30: { jest: '30.5.2', '@jest/globals': '30.5.2', '@types/jest': '30.0.0' } },
  ai: { 5: '5.0.277', 6: '6.0.326', 7: '7.0.173' },
  zod: { 3: '3.25.76', 4: '4.6.7' },
  typescript: { 5: '5.9.3', 7: '7.0.2' },
  node: { 22: '22.23.3', 24: '24.21.0' },
  '@types/node': { 20: '20.19.43', 22: '22.20.7', 24: '24.19.4' },
  mastra: { 1: { '@mastra/core': '1.71.0', '@mastra/evals': '1.10.2' } },
  'ts-jest': '29.4.15',
};

/**
 * runner: `vitest@<line>` or `jest@<major>`; modules: how the consumer suite is loaded (Vitest
 * transforms both, so it has one); node: 20 runs on this machine's Node, 22 and 24 on the `node`
 * npm package. ai@7 and Vitest 5 require Node 22.
 */
export const cells = [
  // Each runner line × its module systems.
  { runner: 'vitest@3.2', modules: 'esm', node: 20, ai: 6, zod: 4, typescript: 5 },
  { runner: 'vitest@4', modules: 'esm', node: 20, ai: 6, zod: 3, typescript: 7 },
  { runner: 'jest@29', modules: 'cjs', node: 20, ai: 6, zod: 4, typescript: 5 },
  { runner: 'jest@29', modules: 'esm', node: 22, ai: 7, zod: 4, typescript: 7 },
  { runner: 'jest@30', modules: 'cjs', node: 20, ai: 6, zod: 3, typescript: 7 },
  {
    runner: 'jest@30',
    modules: 'cjs',
    node: 22,
    ai: 7,
    zod: 4,
    typescript: 7,
    note: 'the judge cannot load ESM-only ai@7 here; the suite checks that it says so',
  },
  { runner: 'jest@30', modules: 'esm', node: 22, ai: 7, zod: 4, typescript: 5 },
  // The README's Jest setup for an ES module project, read from README.md, with TypeScript tests
  // through ts-jest (consumer-ts-jest/), so the README cannot drift from what works.
  { runner: 'jest@30', modules: 'esm', node: 22, ai: 7, zod: 4, typescript: 5, tsJest: true, note: "the README's Jest ESM setup with TypeScript tests (ts-jest): consumer-ts-jest/" },
  // A TypeScript CommonJS project (Jest 30 with ts-jest, no "type": "module"): its type check with the
  // README's "types" and skipLibCheck false, under TypeScript's default resolution for `module:
  // commonjs` (node10) and under node16: consumer/tsconfig.cjs-*.json over consumer/types/jest-commonjs.test-d.ts.
  ...['node10', 'node16'].map((cjsTypes) => ({ runner: 'jest@30', modules: 'cjs', node: 20, ai: 6, zod: 4, typescript: 5, cjsTypes, note: `a TypeScript CommonJS project's types, ${cjsTypes} resolution: consumer/tsconfig.cjs-${cjsTypes}.json` })),
  // Each ai major × each zod major, on the newest Vitest. TypeScript 5's check is the slow one (its
  // compiler is JavaScript), so each runner line has one TypeScript 5 cell and the rest run 7.
  ...[5, 6, 7].flatMap((ai) => [3, 4].map((zod) => ({ runner: 'vitest@5', modules: 'esm', node: 22, ai, zod, typescript: ai === 7 && zod === 4 ? 5 : 7 }))),
  // Node 24, with each runner's newest line.
  { runner: 'vitest@5', modules: 'esm', node: 24, ai: 7, zod: 4, typescript: 7 },
  { runner: 'jest@30', modules: 'esm', node: 24, ai: 7, zod: 3, typescript: 7 },
  // Mastra 1.x's runtime (runEvals, expectEvals, live scorers, trajectories) beside the package; it
  // declares Node 22, and @mastra/evals/vitest takes Vitest 3 or 4.
  { runner: 'vitest@4', modules: 'esm', node: 22, ai: 6, zod: 4, typescript: 7, mastra: 1, note: 'with @mastra/core and @mastra/evals: consumer/mastra.test.mjs' },
].map((cell) => ({
  ...cell,
  id: `${cell.runner.replace('@', '')}-${cell.modules}-node${cell.node}-ai${cell.ai}-zod${cell.zod}-ts${cell.typescript}${cell.mastra ? `-mastra${cell.mastra}` : ''}${cell.tsJest ? '-tsjest' : ''}${cell.cjsTypes ? `-cjstypes-${cell.cjsTypes}` : ''}`,
}));

/** The devDependencies a cell's consumer project installs beside the packed package. */
export function dependenciesOf(cell) {
  const [runner, line] = cell.runner.split('@');
  const runnerPackages = runner === 'vitest' ? { vitest: versions.vitest[line] } : versions.jest[line];
  return {
    ...runnerPackages,
    ai: versions.ai[cell.ai],
    zod: versions.zod[cell.zod],
    typescript: versions.typescript[cell.typescript],
    '@types/node': versions['@types/node'][cell.node], // the types of the Node the cell runs on
    ...(cell.mastra && versions.mastra[cell.mastra]),
    ...(cell.tsJest && { 'ts-jest': versions['ts-jest'] }),
  };
}
