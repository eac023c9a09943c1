import { escapeUnsafe } from '../printable.js';
import { display } from './files.js';
import type { StoreSettings } from './mode.js';
import { runnerCommand } from './test.js';
import type { StoreUser } from './user.js';

/** What a replay miss says: what is missing and why nothing was asked, where it should be, what changed, and the command that records it. */
export interface ReplayMiss {
  /** The file the answer was looked up in. */
  file: string;
  /** The test file, for the record command. */
  testPath: string | undefined;
  /** Lines naming the stale file and what changed (`staleNote`), or undefined when there is none. */
  stale?: string | undefined;
  /** Words after the user's `missing` ("No recorded verdict for this run"), e.g. ` in test "…"`. */
  missingDetail?: string;
}

/**
 * The replay-miss message in the user's words: `<missing>, and <why replay>, so no model is called.`,
 * the expected file, the stale note, how to record it (following who chose `replay`: the option,
 * the configure function, or the environment command with the test file), and the commit line.
 */
export function replayMissMessage(user: StoreUser, settings: StoreSettings, miss: ReplayMiss): string {
  const words = user.replay;
  const why = {
    CI: `${words.inReplay} because CI is set`,
    env: `${words.inReplay} (${user.env}=replay)`,
    option: `${words.inReplay} (${words.optionChose('replay')})`,
    default: words.inReplay,
  }[settings.source as 'CI' | 'env' | 'option' | 'default'] ?? `${words.inReplay} (${words.configureCall('replay')})`;
  const command = runnerCommand(miss.testPath, display);
  const credentials = `with ${words.credentials}:\n  ${command}`;
  const how =
    settings.source === 'option'
      ? `Record it by ${words.optionSet(words.recordMode)} and running, ${credentials}`
      : settings.source === user.configure
        ? `Record it by setting ${words.configureCall(words.recordMode)} and running, ${credentials}`
        : `Record it by running, with ${words.credentials}:\n  ${recordCommand(user, miss.testPath)}${words.envNote === '' ? '' : `\n${words.envNote}`}`;
  const staleNote = miss.stale === undefined ? '' : `${miss.stale}\n`;
  return `${words.missing}${miss.missingDetail ?? ''}, and ${why}, so ${words.notAsked ?? 'no model is called'}.\nExpected file: ${display(miss.file)}\n${staleNote}${how}\n${words.commit(miss.stale !== undefined)}`;
}

/** `TOOL_CALL_ACCURACY_CACHE=auto npx vitest run test/agent.test.ts`: the environment command that records a test file's answers. */
export function recordCommand(user: StoreUser, testPath: string | undefined): string {
  return `${user.env}=${user.replay.recordMode} ${runnerCommand(testPath, display)}`;
}

/**
 * `Stale file: <file>, recorded <owner> with other inputs:` and one line per change. The changes
 * quote the run's text: escaped so that it cannot forge lines or colours.
 */
export function staleNote(file: string, owner: string, changes: readonly string[]): string {
  return [`Stale file: ${display(file)}, recorded ${owner} with other inputs:`, ...changes.map((change) => `  - ${escapeUnsafe(change)}`)].join('\n');
}

/** Of the candidates, the one with the fewest changes (the first such), with its changes; undefined when there are none. */
export function nearest<T>(candidates: Iterable<T>, changesOf: (candidate: T) => string[]): { candidate: T; changes: string[] } | undefined {
  let closest: { candidate: T; changes: string[] } | undefined;
  for (const candidate of candidates) {
    const changes = changesOf(candidate);
    if (closest === undefined || changes.length < closest.changes.length) closest = { candidate, changes };
  }
  return closest;
}
