/**
 * The store: everything this package records once and replays offline (the judge's verdicts,
 * recordings of a model's answers, recorded HTTP exchanges) goes through this one layer. A user of
 * the store describes itself once (`StoreUser`: its folder, variable, configure function and the
 * words of its messages) and keeps what it stores and how it keys it. The parts: the mode in force
 * and who chose it (`mode.ts`), canonical keys (`keys.ts`), files written atomically (`files.ts`),
 * the one rule of the modes (`stored.ts`), the replay-miss message (`messages.ts`), the per-test
 * files of recordings (`cassette.ts`, `diff.ts`), the events reporters read (`state.ts`), the
 * current test (`test.ts`).
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
