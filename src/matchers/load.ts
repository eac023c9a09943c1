import { createRequire } from 'node:module';
import type * as Bodies from './bodies.js';

/**
 * The matchers' bodies, for the matchers `setup.ts` makes, which load them at their first call: a
 * matcher answers synchronously, so not with an `import()` then. `./bodies.js` is the build's
 * `bodies` entry in the flat dist/ as in src/matchers/. Node's own require() loads it synchronously
 * and returns the instance `import` gets (Node 20.19+, 22.12+, 24+), so the matchers share the
 * package's classes and state with the test. Where Node did not load this module, that would not
 * hold, and the bodies are imported at its load instead: Vitest's vm pools and Jest's ESM mode give
 * a createRequire of their own, which cannot load an ES module, and Vite's module runner (the
 * source in this repository's tests, a package Vitest inlines) gives import.meta a prototype.
 * CommonJS cannot await at its top level: that build takes `loadCommonJs.ts` in this one's place.
 */
const nodeLoads =
  process.features.require_module === true &&
  createRequire === process.getBuiltinModule?.('node:module')?.createRequire &&
  Object.getPrototypeOf(import.meta) === null;
const require = nodeLoads ? createRequire(import.meta.url) : undefined;
const imported = nodeLoads ? undefined : await import('./bodies.js');

// Kept after the first load: require() resolves its path again on every call, a cost every matcher call would pay.
let loaded: typeof Bodies | undefined = imported;

export function loadBodies(): typeof Bodies {
  return (loaded ??= require!('./bodies.js') as typeof Bodies);
}
