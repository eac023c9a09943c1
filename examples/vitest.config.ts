import { defineConfig } from 'vitest/config';

// The examples use the package exactly as a user's project would: by its name, from the build.
export default defineConfig({
  test: {
    include: ['examples/**/*.test.ts'],
    setupFiles: ['tool-call-accuracy/vitest'],
  },
});
