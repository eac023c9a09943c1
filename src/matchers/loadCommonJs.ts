import type * as Bodies from './bodies.js';

declare const module: { require(id: string): unknown };

/**
 * `load.ts` in the CommonJS build: the module's own `require()`, whose registry the test's require uses too
 * (`module.require`: the bundler would route a bare require through a helper of its own).
 */
// Kept after the first load: require() resolves its path again on every call, a cost every matcher call would pay.
let loaded: typeof Bodies | undefined;

export function loadBodies(): typeof Bodies {
  return (loaded ??= module.require('./bodies.cjs') as typeof Bodies);
}
