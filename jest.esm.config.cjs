/** The judge under Jest's ESM mode: `node --experimental-vm-modules`, the built package. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/jest/esm'],
  testMatch: ['**/*.test.mjs'],
  setupFilesAfterEnv: ['<rootDir>/dist/jest.cjs'],
  transform: {},
  // An ES module test imports the package's ES module build, as it would from node_modules.
  moduleNameMapper: { '^tool-call-accuracy$': '<rootDir>/dist/index.js' },
};
