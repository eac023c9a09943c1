// MATRIX_MODULES=esm runs the ES module entry (with NODE_OPTIONS=--experimental-vm-modules), else CommonJS.
module.exports = {
  testEnvironment: 'node',
  testMatch: process.env.MATRIX_MODULES === 'esm' ? ['**/entry.test.mjs'] : ['**/entry.test.cjs'],
  setupFilesAfterEnv: ['tool-call-accuracy/jest'],
  transform: {},
};
