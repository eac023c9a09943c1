import type { OutcomeExpectation } from './outcomes.js';

/** An expected item after validation: a name (or name matcher), an input when one was given, and what the call must have come to. */
export interface ExpectedCall {
  toolName: unknown;
  input: unknown;
  hasInput: boolean;
  outcome?: OutcomeExpectation | undefined;
}

/** Does some item ask what its call came to? Then call lists show each call's outcome. */
export function asksOutcome(items: readonly ExpectedCall[]): boolean {
  return items.some((item) => item.outcome !== undefined);
}
