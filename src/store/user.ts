/**
 * One user of the store (the judge's verdicts, recordings of model answers, recorded HTTP): its
 * defaults, and the words its messages use. Everything the store says to a user's user comes from
 * here, so two users share the mechanism and keep their own vocabulary.
 */
export interface StoreUser {
  /** The folder used when no `dir` is set: `__judge__`, `__recordings__`. */
  defaultDir: string;
  /** Whether the default folder sits beside the test file (`test/__recordings__/`), not in the working directory (`__judge__/`); a set `dir` never does. */
  besideTestFile?: boolean;
  /** The environment variable that sets the mode: `TOOL_CALL_ACCURACY_CACHE`. */
  env: string;
  /** The function a setup file calls to set mode and dir (a mode source of its own). */
  configure: 'configureJudge' | 'configureRecordings';
  /** For a bad environment value: `a cache mode` ("… is not a cache mode; use one of …"). */
  modeNoun: string;
  /** One stored file, in errors: `judge cache entry`, `recording`. */
  entry: string;
  /** What fixes a corrupt file, after "is corrupt: <problem>. ": `Delete the file and record the verdict again (…)`. */
  corruptFix: string;
  /** The error class of the user's failures (no stored answer, a corrupt file, a failed write). */
  error: (message: string, options?: ErrorOptions) => Error;
  /** The words of the replay-miss message (`replayMissMessage`). */
  replay: ReplayWording;
  /** What one stored answer is, when not a model's or a server's answer (`'tool'`: a tool's execution): set on the user's step events, for the reporters. */
  kind?: 'tool';
}

export interface ReplayWording {
  /** The first words: `No recorded verdict for this run`. */
  missing: string;
  /** What replay does not do, after "so": `the tool is not run`. Default: `no model is called`. */
  notAsked?: string;
  /** `the judge cache is in replay mode` */
  inReplay: string;
  /** The configure call that sets `mode`: `configureJudge({ cache: { mode: 'replay' } })`. */
  configureCall: (mode: string) => string;
  /** Where the caller's option chose `mode`: `the scorer's option cache: { mode: 'replay' }`. */
  optionChose: (mode: string) => string;
  /** How to set the caller's option to `mode`: `creating the scorer with cache: { mode: 'auto' }`. */
  optionSet: (mode: string) => string;
  /** The mode the record command sets: `auto` (ask only for what is missing) or `record`. */
  recordMode: 'auto' | 'record';
  /** Whose credentials recording needs: `the judge model's credentials`. */
  credentials: string;
  /** A line after the environment command, or '': `(auto asks only for missing verdicts; …)`. */
  envNote: string;
  /** The last line: `Then commit the new file (and delete the stale one).` */
  commit: (stale: boolean) => string;
}
