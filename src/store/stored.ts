import type { StoreMode } from './mode.js';

/** The steps of one stored answer, which `storedAnswer` takes in the order the mode says. */
export interface StoredAnswerSteps<A> {
  /** The stored answer for this request (checked as the caller sees fit), or undefined. */
  find(): Promise<A | undefined>;
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
export async function storedAnswer<A>(mode: StoreMode, steps: StoredAnswerSteps<A>): Promise<StoredAnswer<A>> {
  if (mode === 'off') return { answer: await steps.ask(), source: 'asked' };
  if (usesStored(mode)) {
    const found = await steps.find();
    if (found !== undefined) return { answer: found, source: 'stored' };
    if (mode === 'replay') throw await steps.miss();
  }
  const answer = await steps.ask();
  await steps.store(answer, mode === 'record' ? 'record' : 'auto');
  return { answer, source: 'asked' };
}

/** Whether the mode answers from the store when it holds an answer (`auto`, `replay`): storedAnswer's rule, for a caller that looks the answer up before calling it. */
export const usesStored = (mode: StoreMode): boolean => mode === 'auto' || mode === 'replay';
