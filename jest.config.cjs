/** Runs the Jest suite against the built package, as a user's project would load it. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test/jest'],
  testMatch: ['**/*.test.cjs'],
  setupFilesAfterEnv: ['<rootDir>/dist/jest.cjs'],
  moduleNameMapper: {
    '^tool-call-accuracy$': '<rootDir>/dist/index.cjs',
    '^tool-call-accuracy/(testing|jest)$': '<rootDir>/dist/$1.cjs',
  },
};
