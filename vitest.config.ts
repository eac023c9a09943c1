import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/jest/**', 'node_modules/**'],
    setupFiles: ['./test/helpers/setup.ts'],
    // Type tests are compiled by `npm run test:types` (tsc 5 and 7), not run.
    typecheck: { enabled: false },
  },
});
