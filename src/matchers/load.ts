import { createRequire } from 'node:module';
import type * as Bodies from './bodies.js';

/**
 * The matchers' bodies, loaded at the first call of the matchers `setup.ts` makes: synchronously, as a matcher
 * answers. Node's own require() returns the instance `import` gets (Node 20.19+, 22.12+, 24+), so the matchers
 * share the package's classes and state with the test. Elsewhere the bodies are imported at this module's load:
 * Vitest's vm pools and Jest's ESM mode give a createRequire that cannot load an ES module, and Vite's module
 * runner gives import.meta a prototype. The CommonJS build takes `loadCommonJs.ts` instead (no top-level await).
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
