import * as bodies from './bodies.js';

/**
 * The matchers, for the setup entries' stubs (`lazy.ts`). Here a static import: the tests run the
 * source through Vite, which has no synchronous loader. The build replaces this module (the
 * `lazySetup` plugin in tsup.config.ts) with a synchronous require() of dist/matchers.(c)js, so the
 * built setup entries load the matchers only when a test first calls one.
 */
export function loadBodies(): typeof bodies {
  return bodies;
}
