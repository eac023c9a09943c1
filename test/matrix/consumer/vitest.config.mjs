export default {
  test: {
    // The Mastra cell installs @mastra/core and @mastra/evals, and runs their suite too.
    include: ['entry.test.mjs', ...(process.env.MATRIX_MASTRA ? ['mastra.test.mjs'] : [])],
    globals: true,
    setupFiles: ['tool-call-accuracy/vitest'],
  },
};
