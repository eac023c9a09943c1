import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['plugins']>[number];
type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * The CommonJS build is split into chunks like the ESM one (so both entries share one judge
 * configuration). tsup turns split chunks into CommonJS with sucrase, which rewrites every `?.`
 * and `??` into helper calls that Node 20 does not need and that cost the hot paths about a third
 * of their speed; with `treeshake` it uses Rollup instead, which lowers nothing. Rollup keeps a
 * lazy `import()` as it is, which Jest cannot run outside its ESM mode, so this plugin (run before
 * Rollup) makes each one a `require()` behind a resolved promise, as sucrase did.
 */
const lazyImportsAsRequire: Plugin = {
  name: 'lazy-imports-as-require',
  renderChunk(code) {
    if (this.format !== 'cjs') return;
    return { code: code.replace(/\bimport\((["'][^"']+["'])\)/g, 'Promise.resolve().then(() => require($1))') };
  },
};

/**
 * Two things keep a test file's start cheap: every test file runs a setup entry.
 *
 * 1. The setup entries import their shared part (src/setup.ts) as a file of its own, instead of
 * bundling it and importing each of its chunks. Vitest always runs a setup file in its module
 * runner, which fetches each module the file imports from the main process (about a millisecond
 * each); the module it gets back is loaded by Node, and so is everything that one imports. The
 * entry then has one import of ours; src/setup.ts is built as the `setup` entry below. It imports
 * no module the rest of the package does, so it is one file, not one per chunk it would share.
 *
 * 2. The matcher stubs load the matchers at their first call (src/matchers/lazy.ts), so a test file
 * compiles the ~140 KB they are only when it calls one. A matcher runs synchronously, so that load
 * cannot be an `import()`. In the source, src/matchers/load.ts imports them statically (the tests
 * run the source through Vite, which has no synchronous loader); the build replaces it with a load
 * of the `matchers` entry below:
 *   - CommonJS: `require()`, into the registry the test's own require('tool-call-accuracy') uses
 *     (Jest's, in both of its modes: Jest loads the setup entry as CommonJS).
 *   - ES modules: Node's own require(), which loads an ES module synchronously and returns the
 *     instance `import` gets (Node 20.19+, 22.12+ and 24+, unless run with
 *     --no-experimental-require-module), so the matchers share the module instances (classes,
 *     private symbols) of the package a test imports. Where Node did not load this module, that
 *     would not hold, and the matchers are imported with it instead, as a static import would:
 *     Vitest's vm pools and Jest's ESM mode hand a module their own createRequire, which cannot load
 *     an ES module, and Vite's module runner (a Vitest that inlines the package) gives import.meta
 *     a prototype, where Node's require() would load a second copy.
 */
const lazySetup: EsbuildPlugin = {
  name: 'lazy-setup',
  setup(build) {
    // tsup builds the CommonJS chunks as ES modules for Rollup to convert, so esbuild's `format` says
    // "esm" for both; tsup's TSUP_FORMAT constant names the real one.
    const extension = build.initialOptions.define?.TSUP_FORMAT === '"cjs"' ? 'cjs' : 'js';
    const setupEntry = /[\\/]src[\\/](vitest|jest)\.ts$/;
    build.onResolve({ filter: /^\.\/setup\.js$/ }, (args) => (setupEntry.test(args.importer) ? { path: `./setup.${extension}`, external: true } : undefined));

    const load = /[\\/]src[\\/]matchers[\\/]load\.ts$/;
    const esm = `import { createRequire } from 'node:module';
const nodeLoads =
  process.features.require_module === true &&
  createRequire === process.getBuiltinModule?.('node:module')?.createRequire &&
  Object.getPrototypeOf(import.meta) === null;
const require = nodeLoads ? createRequire(import.meta.url) : undefined;
const imported = nodeLoads ? undefined : await import('./matchers.js');
export function loadBodies() {
  return imported ?? require('./matchers.js');
}
`;
    // module.require, not require: esbuild would route a bare require through a helper of its own.
    const cjs = `export function loadBodies() {
  return module.require('./matchers.cjs');
}
`;
    build.onLoad({ filter: load }, () => ({ contents: extension === 'cjs' ? cjs : esm, loader: 'js' }));
    // The matchers' own file, beside the one this module lands in (dist/ is flat).
    build.onResolve({ filter: /^\.\/matchers\.c?js$/ }, (args) => (load.test(args.importer) ? { path: args.path, external: true } : undefined));
  },
};

/** What the package exports; `setup` and `matchers` are internal, for the plugin above. */
const entries = {
  index: 'src/index.ts',
  vitest: 'src/vitest.ts',
  jest: 'src/jest.ts',
  testing: 'src/testing.ts',
  reporter: 'src/reporter/vitest.ts',
  'jest-reporter': 'src/reporter/jest.ts',
};

export default defineConfig({
  entry: { ...entries, setup: 'src/setup.ts', matchers: 'src/matchers/bodies.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: entries },
  clean: true,
  target: 'node20',
  sourcemap: false,
  splitting: true,
  treeshake: true,
  plugins: [lazyImportsAsRequire],
  esbuildPlugins: [lazySetup],
  // Peers stay imports: the judge loads `ai` lazily, the setup files use the runner's own expect.
  // `../matchers.js` is the root matchers.d.ts; it stays a reference (dist/ is as deep as src/), so
  // the matcher types are declared once however many entries a project imports.
  external: ['ai', 'zod', 'vitest', '@jest/globals', /\.\.\/matchers\.js$/],
});
