/**
 * The trajectory scorers as users make them: the decisions of scoring/trajectoryScorers.ts with the
 * words of their reasons and errors from format/ (which sits above scoring, so scoring is handed
 * them here rather than importing them).
 */
import {
  trajectoryAccuracyScorerCode,
  trajectoryScorerCode,
  type TrajectoryAccuracyScorerCode,
  type TrajectoryAccuracyScorerCodeOptions,
  type TrajectoryScorerCode,
  type TrajectoryScorerCodeOptions,
  type TrajectoryWords,
} from '../scoring/trajectoryScorers.js';
import { unmeasurableLimit } from './budget.js';
import { accuracyReason, trajectoryReason } from './trajectoryReason.js';

const WORDS: TrajectoryWords = { accuracyReason, trajectoryReason, unmeasurableLimit };

/**
 * Mastra's code scorer of trajectory accuracy (`code-trajectory-accuracy-scorer`): the share of
 * expected steps the run's calls match, in `strict`, `relaxed` (default) or `unordered` order,
 * with Mastra's penalties for extra calls (strict) and for repeats when `allowRepeatedSteps` is
 * false. A dataset item's `expectedTrajectory` gives the steps when the scorer has none, and its
 * `ordering` and `allowRepeatedSteps` override the scorer's. A run with nothing to compare against
 * is an error, not a 0.
 * @example
 * const scorer = createTrajectoryAccuracyScorerCode({ expectedTrajectory: ['search-flights', 'book-flight'], comparisonOptions: { ordering: 'strict' } })
 * const { score, reason } = await scorer.run(result)   // any run getToolCalls reads
 */
export function createTrajectoryAccuracyScorerCode(options: TrajectoryAccuracyScorerCodeOptions = {}): TrajectoryAccuracyScorerCode {
  return trajectoryAccuracyScorerCode(options, WORDS);
}

/**
 * Mastra's multi-dimensional code scorer of trajectories (`code-trajectory-scorer`): accuracy
 * against expected steps, efficiency (budgets of calls, tokens and wall time, redundant calls),
 * retries of failed calls, and forbidden tools or sequences (which score 0), weighted (0.4, 0.3,
 * 0.2, 0.1 by default) over the dimensions that apply. A dataset item's `expectedTrajectory`
 * overrides `defaults` field by field. A budget the run does not record (tokens, wall time) is an
 * error naming the budget and what the run lacks, never a score.
 * @example
 * const scorer = createTrajectoryScorerCode({ defaults: { steps: ['search-flights', 'book-flight'], maxSteps: 4, blacklistedTools: ['cancel-booking'] } })
 * const { score, reason, preprocessStepResult } = await scorer.run(result)
 */
export function createTrajectoryScorerCode(options: TrajectoryScorerCodeOptions = {}): TrajectoryScorerCode {
  return trajectoryScorerCode(options, WORDS);
}
