import type * as Bodies from './bodies.js';

/** A CommonJS module's own `module`: its `require` is the registry of whoever loaded the module. */
declare const module: { require(id: string): unknown };

/**
 * `load.ts` for the CommonJS build, which tsup.config.ts puts in its place there (that one awaits at
 * its top level, which CommonJS cannot): the bodies with the module's own `require()`, into the
 * registry the test's own require('tool-call-accuracy') uses (Jest's, in both of its modes: Jest
 * loads the setup entry as CommonJS). `module.require`, not `require`: the bundler would route a bare
 * require through a helper of its own.
 */
export function loadBodies(): typeof Bodies {
  return module.require('./bodies.cjs') as typeof Bodies;
}
