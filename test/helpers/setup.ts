// Tests run against the source; the same file ships as `tool-call-accuracy/vitest`.
import '../../src/vitest.js';

// The judge reads its cache mode from the environment (CI=true makes `replay` the default). The
// tests that check that set it themselves; a developer's shell or the CI machine must not change
// what the others see, so each test file starts without either variable.
delete process.env.CI;
delete process.env.TOOL_CALL_ACCURACY_CACHE;
delete process.env.TOOL_CALL_ACCURACY_RECORDINGS;
