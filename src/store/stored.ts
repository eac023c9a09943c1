import { isThenable } from '../value.js';
import type { StoreMode } from './mode.js';

/** The steps of one stored answer, which `storedAnswer` takes in the order the mode says. */
export interface StoredAnswerSteps<A> {
  /**
   * The stored answer for this request (checked as the caller sees fit), or undefined. An answer
   * found at once (in a file already read) may be returned as it is: it is then answered with no
   * wait of its own, which is most of what a replayed recording step costs.
   */
  find(): A | undefined | Promise<A | undefined>;
  /** The error a `replay` miss throws (it may read the store to name what changed). */
  miss(): Promise<Error>;
  /** Asks for the answer now (the model, the server). */
  ask(): Promise<A>;
  /** Stores a fresh answer; `mode` is `auto` or `record` (`record` may keep a file that already holds it). */
  store(answer: A, mode: 'auto' | 'record'): Promise<void>;
}

export interface StoredAnswer<A> {
  answer: A;
  /** `stored`: found in the store; `asked`: asked now (and stored unless the mode is `off`). */
  source: 'stored' | 'asked';
}

/**
 * The one rule of every stored answer: `off` asks and stores nothing; `auto` and `replay` use a
 * stored answer when there is one; `replay` never asks, and a miss is its error; `auto` and
 * `record` ask and store what was answered.
 */
export function storedAnswer<A>(mode: StoreMode, steps: StoredAnswerSteps<A>): Promise<StoredAnswer<A>> {
  if (mode !== 'auto' && mode !== 'replay') return asked(mode, steps);
  let found: A | undefined | Promise<A | undefined>;
  try {
    found = steps.find();
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return isThenable(found) ? found.then((answer) => afterFind(mode, steps, answer)) : afterFind(mode, steps, found);
}

function afterFind<A>(mode: 'auto' | 'replay', steps: StoredAnswerSteps<A>, found: A | undefined): Promise<StoredAnswer<A>> {
  if (found !== undefined) return Promise.resolve({ answer: found, source: 'stored' });
  return mode === 'replay' ? steps.miss().then((error) => Promise.reject(error)) : asked(mode, steps);
}

async function asked<A>(mode: StoreMode, steps: StoredAnswerSteps<A>): Promise<StoredAnswer<A>> {
  const answer = await steps.ask();
  if (mode !== 'off') await steps.store(answer, mode === 'record' ? 'record' : 'auto');
  return { answer, source: 'asked' };
}
