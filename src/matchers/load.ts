import { createRequire } from 'node:module';
import type * as Bodies from './bodies.js';

/**
 * The matchers' bodies (`bodies.ts`, the build's `bodies` entry: `./bodies.js` is the same in
 * src/matchers/ and in the flat dist/), for the setup entries' matchers (`lazy.ts`), which load them
 * at their first call: a matcher answers synchronously, so that load cannot be an `import()`.
 *
 * Node's own require() loads an ES module synchronously and returns the instance `import` gets
 * (Node 20.19+, 22.12+ and 24+, unless run with --no-experimental-require-module), so the matchers
 * share the module instances (classes, private symbols) of the package a test imports. Where Node
 * did not load this module, that would not hold, and the bodies are imported with it instead, as a
 * static import would: Vitest's vm pools and Jest's ESM mode hand a module their own createRequire,
 * which cannot load an ES module, and Vite's module runner (which runs the source in this
 * repository's tests, and a package Vitest inlines) gives import.meta a prototype, where Node's
 * require() would load a second copy.
 *
 * This is the ES module build's loader, and the source's. A CommonJS module cannot await at its top
 * level, so the CommonJS build has its own, `loadCommonJs.ts`, which tsup.config.ts puts in its place.
 */
const nodeLoads =
  process.features.require_module === true &&
  createRequire === process.getBuiltinModule?.('node:module')?.createRequire &&
  Object.getPrototypeOf(import.meta) === null;
const require = nodeLoads ? createRequire(import.meta.url) : undefined;
const imported = nodeLoads ? undefined : await import('./bodies.js');

export function loadBodies(): typeof Bodies {
  return imported ?? (require!('./bodies.js') as typeof Bodies);
}
