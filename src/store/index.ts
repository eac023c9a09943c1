/**
 * The store: everything this package records once and replays offline (the judge's verdicts,
 * recordings of a model's answers, recorded HTTP exchanges) goes through this one layer. A user of
 * the store describes itself once (`StoreUser`) and keeps what it stores and how it keys it.
 *
 * Mode: `resolveStoreSettings(user, configured, option?, env?)` → `{ mode, dir, source }`.
 *   The order is the same for every user: the caller's `option` (`source: 'option'`), what the
 *   user's configure function set (`source: user.configure`, e.g. 'configureJudge'), the user's
 *   environment variable (`'env'`), `replay` when CI is set (`'CI'`), else `auto` (`'default'`).
 *   `dir` is the option's, else the configured one, else `user.defaultDir`, resolved to absolute.
 *   `isStoreMode(value)` checks an option; a bad environment value throws ToolCallAccuracyError.
 *
 * Keys: `canonicalJson(value)` (keys sorted at every level), `hashKey(value)` (its sha256 hex),
 *   `sha256(text)`, `canonical(value)` (a copy with sorted keys, for files), `sameData(a, b)`.
 *
 * Files: `writeStoredFile(user, file, value)` writes pretty JSON atomically (temp file + rename)
 *   and returns the text; `readStoredObject(user, file)` / `readStoredText(user, file)` read one
 *   (undefined when missing; unreadable or not a JSON object → the user's error via
 *   `corruptFileError(user, file, problem)`); `listJsonFiles(dir)`; `slug(text, max)` and
 *   `nameStem(name)` make file names that never leave their folder (only letters, digits, dashes);
 *   `display(file)` prints a path relative to the working directory.
 *
 * Stored answers: `storedAnswer(mode, { find, miss, ask, store })` is the one rule of the modes
 *   (off asks; auto/replay use what is stored; replay never asks and throws `miss()`; auto/record
 *   ask and `store(answer, mode)`), returning `{ answer, source: 'stored' | 'asked' }`.
 *
 * Messages: `replayMissMessage(user, settings, { file, testPath, stale?, missingDetail? })` says
 *   what is missing, why nothing was asked (following `settings.source`), the expected file, what
 *   changed, and how to record it; `recordCommand(user, testPath)` is its environment command
 *   (`TOOL_CALL_ACCURACY_RECORDINGS=record npx vitest run test/a.test.ts`); `staleNote(file, owner,
 *   changes)` and `nearest(candidates, changesOf)` name the closest stale answer and what changed.
 *
 * Per-test files (recordings, recorded HTTP): `cassetteScope(user, settings, currentTest(), name,
 *   who)` names the file of the current test (`<dir>/<test file>--<test name>-<hash>.json`, or
 *   `<dir>/<name>-<hash>.json`; hostile names stay inside `dir`), and `recordedAnswer(scope, key,
 *   { replay, ask, miss })` answers one request through it: the n-th request with `key` in a test
 *   run replays the file's n-th step with that key (a retry counts again). `key` may be a `KeyOf`,
 *   given the step a request in order asks for (the one after the step the run replayed last), so a
 *   user that can tell its request is that step's takes its key without hashing; `record` writes the file
 *   anew from the run's first request, `auto` appends what is missing, `replay` throws `miss(steps)`,
 *   `off` asks (`liveAnswer(user, ask, { owner?, testPath? })` is that, with no file or test needed). `ask(commit)` calls `commit(fields)` once its answer is whole (a stream at its end):
 *   the step `{ key, ...fields }` is then written (the whole file, atomically, as
 *   `{ "version": 1, "test": owner, "steps": [...] }`: after each step while the run's writes stay
 *   within 3× the file plus 1 MiB, then at growing intervals, the rest when the test ends or the
 *   process exits, so n steps write O(n) bytes; `flushRecordings()` writes what is left). A corrupt
 *   file (not JSON, no "steps" list, a step without "key") is the user's error naming it.
 *   `dataChanges(before, after)` lists where two values differ (`{ path, before, after }`), for a
 *   miss's "what changed".
 *
 * Reporting: every step answered is an event (`onStoreEvent(listener)` → unsubscribe):
 *   `{ type: 'step', source: 'replayed' | 'recorded' | 'live', user, file, owner, testPath }` and,
 *   for every write, `{ type: 'written', user, file, owner, testPath, previous, content,
 *   previousSteps, steps }` (`previous`: the file's text before this process wrote it, undefined
 *   when new). `storeActivity()` holds the process's totals and files used; `resetStoreActivity()`.
 *
 * The current test: `currentTest()` → `{ name, file, attempt, handle, runner }` from Vitest's or
 *   Jest's global expect state (CommonJS and ESM; `handle` is the runner's test object, so two
 *   tests of one name count apart); `runnerCommand(testPath, display)`.
 *
 * Loading: importing the package loads no crypto module and no file system of ours. Modules the
 * main entry or the matchers import statically (the judge's and recordings' settings,
 * `recordedModel` itself) import the light parts directly, `./mode.js`, `./user.js`, `./test.js`,
 * `./step.js`; the rest of this index is imported by code loaded at its first use
 * (`judge/judge.ts`, `recordings/replay.ts`). Hashing loads node:crypto at the first hash.
 */
export { canonical, canonicalJson, hashKey, sameData, sha256 } from './keys.js';
export { corruptFileError, display, listJsonFiles, nameStem, readStoredObject, readStoredText, slug, writeStoredFile } from './files.js';
export { isCI, isStoreMode, resolveStoreSettings, STORE_MODES } from './mode.js';
export type { ModeSource, StoreMode, StoreOptions, StoreSettings } from './mode.js';
export { nearest, recordCommand, replayMissMessage, staleNote } from './messages.js';
export type { ReplayMiss } from './messages.js';
export { storedAnswer } from './stored.js';
export type { StoredAnswer, StoredAnswerSteps } from './stored.js';
export { currentTest, runnerCommand } from './test.js';
export { cassetteScope, flushRecordings, liveAnswer, recordedAnswer } from './cassette.js';
export type { CassetteScope, KeyOf, RecordedAnswerSteps } from './cassette.js';
export type { StoredStep } from './step.js';
export { dataChanges } from './diff.js';
export type { DataChange, DataPath } from './diff.js';
export { onStoreEvent, resetStoreActivity, storeActivity } from './state.js';
export type { StoreActivity, StoreEvent, StoreListener } from './state.js';
export type { CurrentTest } from './test.js';
export type { ReplayWording, StoreUser } from './user.js';
