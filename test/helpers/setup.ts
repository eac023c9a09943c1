// Tests run against the source; the same file ships as `tool-call-accuracy/vitest`.
import '../../src/vitest.js';
