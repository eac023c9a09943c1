/**
 * The store: everything this package records once and replays offline (the judge's verdicts,
 * recordings of a model's answers, recorded HTTP exchanges) goes through this one layer. A user of
 * the store describes itself once (`StoreUser`: its folder, variable, configure function and the
 * words of its messages) and keeps what it stores and how it keys it.
 *
 * - Mode (`mode.ts`): `resolveStoreSettings` → `{ mode, dir, source }`, in the one order every
 *   user follows: the caller's option, the user's configure function, its environment variable,
 *   `replay` when CI is set, else `auto`.
 * - Keys (`keys.ts`): canonical JSON and its sha256. Files (`files.ts`): pretty JSON written
 *   atomically, a corrupt file is the user's error naming it, names never leave their folder.
 * - `storedAnswer(mode, …)` (`stored.ts`) is the one rule of the modes; `replayMissMessage`
 *   (`messages.ts`) says what is missing, why nothing was asked, what changed and how to record it.
 * - Per-test files (`cassette.ts`): `cassetteScope` names the current test's file, and
 *   `recordedAnswer` answers one request through it: the n-th request with a key in a test run
 *   replays the file's n-th step with that key (a retry counts again); `dataChanges` (`diff.ts`)
 *   says where two values differ, for a miss's "what changed".
 * - Reporting (`state.ts`): every step answered and every file written is an event
 *   (`onStoreEvent`), totalled in `storeActivity()`. The current test (`test.ts`): `currentTest()`
 *   from Vitest's or Jest's state.
 *
 * Loading: importing the package loads no crypto module and no file system of ours. Modules the
 * main entry or the matchers import statically (the judge's and recordings' settings,
 * `recordedModel` itself) import the light parts directly, `./mode.js`, `./user.js`, `./test.js`,
 * `./step.js`; this index is imported by code loaded at its first use (`judge/judge.ts`,
 * `recordings/replay.ts`). Hashing loads node:crypto at the first hash.
 */
export { canonical, canonicalJson, hashKey, sameData, sha256 } from './keys.js';
export { corruptFileError, display, listJsonFiles, readStoredObject, slug, writeStoredFile } from './files.js';
export { resolveStoreSettings, type StoreMode, type StoreSettings } from './mode.js';
export { nearest, recordCommand, replayMissMessage, staleNote } from './messages.js';
export { storedAnswer } from './stored.js';
export { currentTest, type CurrentTest } from './test.js';
export { cassetteScope, liveAnswer, recordedAnswer, type CassetteScope } from './cassette.js';
export type { StoredStep } from './step.js';
export { dataChanges, type DataChange, type DataPath } from './diff.js';
export { onStoreEvent, resetStoreActivity, storeActivity, type StoreEvent } from './state.js';
export type { StoreUser } from './user.js';
