import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { docSnippets } from './test/helpers/docSnippets.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  // The code blocks of README.md and docs/*.md run as tests (test/helpers/docSnippets.ts), importing
  // the package by its name: here, its source.
  plugins: [docSnippets()],
  resolve: {
    alias: [
      { find: /^tool-call-accuracy$/, replacement: source('index.ts') },
      { find: /^tool-call-accuracy\/(vitest|testing)$/, replacement: source('$1.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'README.md', 'docs/*.md'],
    exclude: ['test/jest/**', 'test/matrix/**', 'node_modules/**'],
    setupFiles: ['./test/helpers/setup.ts'],
    // A docs page's snapshots go beside the snippet harness, not into docs/ (which the package ships).
    resolveSnapshotPath: (testPath, extension) =>
      testPath.endsWith('.md')
        ? path.join(root, 'test/helpers/__snapshots__', `${path.relative(root, testPath).replaceAll('/', '_')}${extension}`)
        : path.join(path.dirname(testPath), '__snapshots__', `${path.basename(testPath)}${extension}`),
    // Type tests are compiled by `npm run test:types` (tsc 5 and 7), not run.
    typecheck: { enabled: false },
  },
});
