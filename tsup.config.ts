import { defineConfig } from 'tsup';

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
  // Peers stay imports: the judge loads `ai` lazily, the setup files use the runner's own expect.
  // `../matchers.js` is the root matchers.d.ts; it stays a reference (dist/ is as deep as src/), so
  // the matcher types are declared once however many entries a project imports.
  external: ['ai', 'zod', 'vitest', '@jest/globals', /\.\.\/matchers\.js$/],
});
