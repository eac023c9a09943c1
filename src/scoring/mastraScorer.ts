/**
 * What Mastra 1.x's runtime reads or calls on a scorer besides `id`, `name`, `description` and
 * `run`, so this package's scorers work there without importing `@mastra/core`:
 * - `type`: `runEvals` hands scorers and gates of type `'trajectory'` a `Trajectory` instead of
 *   the run's messages, and the live-scoring hook does the same; `'agent'` gets the run itself.
 * - `__registerMastra(mastra)`: `Mastra.addScorer` calls it on every scorer it registers
 *   (`new Mastra({ scorers })`, and each scorer of the agents given to `new Mastra({ agents })`);
 *   a scorer without it fails there. These scorers need nothing from Mastra, so it does nothing.
 * - `source`: `Mastra.addScorer` writes where the scorer was defined (`'code'`), and the scorer's
 *   run span reports it; so it is a plain writable property.
 * test/scoring/mastraRuntime.test.ts pins this against the real `@mastra/core`.
 */
export interface MastraScorerMembers<Type extends 'agent' | 'trajectory' = 'agent'> {
  readonly type: Type;
  /** Set by Mastra when it registers the scorer (`'code'`). */
  source?: 'code' | 'stored' | 'fs';
  /** Called by Mastra when it registers the scorer; these scorers keep nothing from it. */
  __registerMastra(mastra: unknown): void;
}

/** The members of `MastraScorerMembers`, for a scorer object to spread in. */
export function mastraScorerMembers(): MastraScorerMembers;
export function mastraScorerMembers<Type extends 'agent' | 'trajectory'>(type: Type): MastraScorerMembers<Type>;
export function mastraScorerMembers(type: 'agent' | 'trajectory' = 'agent'): MastraScorerMembers<'agent' | 'trajectory'> {
  return { type, __registerMastra: registerMastra };
}

function registerMastra(_mastra: unknown): void {
  // Nothing to keep: the scorers resolve their models without Mastra's gateways.
}
