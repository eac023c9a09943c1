import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['plugins']>[number];

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

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    vitest: 'src/vitest.ts',
    jest: 'src/jest.ts',
    testing: 'src/testing.ts',
    reporter: 'src/reporter/vitest.ts',
    'jest-reporter': 'src/reporter/jest.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  sourcemap: false,
  splitting: true,
  treeshake: true,
  plugins: [lazyImportsAsRequire],
  // Peers stay imports: the judge loads `ai` lazily, the setup files use the runner's own expect.
  // `../matchers.js` is the root matchers.d.ts; it stays a reference (dist/ is as deep as src/), so
  // the matcher types are declared once however many entries a project imports.
  external: ['ai', 'zod', 'vitest', '@jest/globals', /\.\.\/matchers\.js$/],
});
