import path from 'node:path';
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
 * entry then has one import of ours; src/setup.ts is built as the `setup` entry below (the main
 * entry imports it too, for the `matchers` it makes). It imports no module the rest of the package
 * does, so it is one file, not one per chunk it would share.
 *
 * 2. The setup entries' matchers load their bodies at the first call (src/matchers/load.ts), so a
 * test file compiles the ~140 KB they are only when it calls one. load.ts ships as written: it loads
 * `./bodies.js`, the `bodies` entry below, the same relative name in src/matchers/ and in the flat
 * dist/, which stays a load of that file rather than being bundled. A CommonJS module cannot await
 * at its top level, as load.ts does where Node cannot require() it, so the CommonJS build takes
 * src/matchers/loadCommonJs.ts in its place, the one difference between the source and a build.
 */
const lazySetup: EsbuildPlugin = {
  name: 'lazy-setup',
  setup(build) {
    // tsup builds the CommonJS chunks as ES modules for Rollup to convert, so esbuild's `format` says
    // "esm" for both; tsup's TSUP_FORMAT constant names the real one.
    const cjs = build.initialOptions.define?.TSUP_FORMAT === '"cjs"';
    const extension = cjs ? 'cjs' : 'js';
    const from = (importer: string, ...files: string[]) => files.some((file) => importer.endsWith(path.join('src', file)));
    build.onResolve({ filter: /^\.\/setup\.js$/ }, ({ importer }) =>
      from(importer, 'vitest.ts', 'jest.ts', 'index.ts') ? { path: `./setup.${extension}`, external: true } : undefined,
    );
    build.onResolve({ filter: /^\.\/bodies\.js$/ }, ({ importer }) => (from(importer, 'matchers/load.ts') ? { path: './bodies.js', external: true } : undefined));
    build.onResolve({ filter: /^\.\/matchers\/load\.js$/ }, ({ importer }) =>
      cjs && from(importer, 'setup.ts') ? { path: path.join(path.dirname(importer), 'matchers', 'loadCommonJs.ts') } : undefined,
    );
  },
};

/** What the package exports; `setup` and `bodies` are internal, for the plugin above. */
const entries = {
  index: 'src/index.ts',
  vitest: 'src/vitest.ts',
  jest: 'src/jest.ts',
  testing: 'src/testing.ts',
  reporter: 'src/reporter/vitest.ts',
  'jest-reporter': 'src/reporter/jest.ts',
};

export default defineConfig({
  // `cli` is the package's bin (`npx tool-call-accuracy label|calibrate`): run, never imported, so it has no types.
  entry: { ...entries, setup: 'src/setup.ts', bodies: 'src/matchers/bodies.ts', cli: 'src/cli.ts' },
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
