import type * as Bodies from './bodies.js';

declare const module: { require(id: string): unknown };

/**
 * `load.ts` in the CommonJS build (tsup.config.ts): the module's own `require()`, whose registry the
 * test's require('tool-call-accuracy') uses too (Jest's, in both of its modes). `module.require`:
 * the bundler would route a bare require through a helper of its own.
 */
export function loadBodies(): typeof Bodies {
  return module.require('./bodies.cjs') as typeof Bodies;
}
