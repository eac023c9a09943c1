export default {
  test: {
    include: ['entry.test.mjs'],
    globals: true,
    setupFiles: ['tool-call-accuracy/vitest'],
  },
};
