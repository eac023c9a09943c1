import { MUST_BE, mustBe } from '../format/arguments.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import { describeFailures } from '../format/outcomes.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { failedAttempts } from '../scoring/outcomes.js';
import { formatInline } from '../value.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';
import { readOptionsObject } from './arguments.js';

/** Passes when no call failed; with `{ retries: n }`, a failure is forgiven when the tool succeeded within its next n calls. */
export function toCallToolsWithoutErrors(this: MatcherContext, received: unknown, options?: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolsWithoutErrors', toCallToolsWithoutErrorsHint(options).expected);
  const retries = readRetries(options, () => hintLine);
  const calls = readCalls(received, hintLine);
  const attempts = failedAttempts(calls, retries ?? 0);
  const counted = attempts.filter((run) => !run.forgiven);
  const pass = counted.length === 0;
  return { pass, message: () => compose(hintLine, describeFailures(calls, attempts, retries), formatCallList(calls, (pass ? attempts : counted)[0]?.failed[0])) };
}

/** The hint line names `{ retries: n }` when given, and `options` when they cannot be read. */
export function toCallToolsWithoutErrorsHint(options?: unknown): HintArguments {
  try {
    const retries = readRetries(options, () => '');
    return { expected: retries === undefined ? '' : `{ retries: ${retries} }` };
  } catch {
    return { expected: 'options' };
  }
}

function readRetries(options: unknown, hintLine: () => string): number | undefined {
  if (options === undefined) return undefined;
  const { retries } = readOptionsObject(options, { keys: ['retries'], mustBe: '{ retries: number }' }, hintLine);
  if (retries === undefined) return undefined;
  if (typeof retries !== 'number' || !Number.isInteger(retries) || retries < 0) {
    throw matcherError(hintLine(), mustBe('options.retries', MUST_BE.retries, retries, formatInline));
  }
  return retries;
}
