import { hashKey } from '../store/index.js';
import type { JudgeInput } from './input.js';
import { PROMPT_VERSION } from './prompt.js';

/** The model as stored in keys and files: identity only, never settings, headers or keys. */
export interface ModelIdentity {
  provider: string;
  modelId: string;
}

/**
 * sha256 of everything that decides a verdict: prompt version (each kind of verdict has its own),
 * model identity, the judge's whole input (with the rubric, when there is one; a trajectory's input
 * adds its kind, every step, the expected trajectory and the criteria), and the number of votes when above 1. A single vote
 * and no rubric add nothing to the key, so verdicts recorded without them still replay.
 */
export function cacheKey(model: ModelIdentity, input: JudgeInput, votes = 1, promptVersion = PROMPT_VERSION): string {
  return hashKey({ promptVersion, model, input, ...(votes > 1 && { votes }) });
}
