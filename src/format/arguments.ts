import { describeArgument } from '../describe.js';
import { formatName } from '../value.js';

/** The words of a matcher error about a bad argument: "`where` must be `what`; received …" (`what` one of `MUST_BE`). */
export function mustBe(where: string, what: string, value: unknown, describe: (value: unknown) => string = describeArgument): string {
  return `${where} must be ${what}; received ${describe(value)}.`;
}

const BUDGET_EXAMPLE = '{ toolCalls: 8, steps: 5, tokens: 20_000, durationMs: 30_000 }';

/** What each argument must be, said after "must be". */
export const MUST_BE = {
  toolName: "a non-empty tool name, e.g. 'search-tool'",
  pattern: "a tool name or { toolName, input }, e.g. 'search' or { toolName: 'search', input: { q: 'cats' } }",
  patterns: 'an array of tool names or { toolName, input }',
  outcomeOptions: '{ output?, error?, approval? }, e.g. { error: true }',
  error:
    'true (the call failed), false (it succeeded), or what its error message must match: a non-empty string it contains, a RegExp or an asymmetric matcher, e.g. /timeout/',
  approval: "'requested', 'approved' or 'denied'",
  boolean: 'true or false',
  retries: 'a whole number of retries (0 or more)',
  times: 'a whole number of calls (0 or more) or { min?, max? }',
  count: 'a whole number of calls (0 or more)',
  budget: `an object of limits, e.g. ${BUDGET_EXAMPLE}`,
  limit: 'a whole number (0 or more)',
  milliseconds: 'a number of milliseconds (0 or more)',
  tools:
    "a record of tools or schemas by tool name (an AI SDK ToolSet, a Mastra tools record, or { search: z.object({ … }) }), a list of tools that name themselves (LangChain's tool(), an OpenAI Agents SDK agent's tools and handoffs), or the tools a Google Gen AI or Bedrock Converse model was given (config.tools, toolConfig)",
} as const;

/** An expected call with keys a call pattern does not take. */
export function unknownPatternKeys(where: string, keys: readonly string[]): string {
  return `${where} has unknown key${keys.length > 1 ? 's' : ''} ${keys.map(formatName).join(', ')}; a call pattern takes only { toolName, input, output, error, approval }.`;
}

/** `times` as `{ min?, max? }` without either, or with min above max. */
export function badBounds(min?: number, max?: number): string {
  return min === undefined || max === undefined ? 'times needs min, max or both, e.g. { max: 8 }; received {}.' : `times.min (${min}) is more than times.max (${max}): no count fits.`;
}

export const NO_LIMIT = `budget sets no limit; give at least one of toolCalls, steps, tokens, durationMs, e.g. ${BUDGET_EXAMPLE}.`;

/**
 * A problem found in the tools argument, as the sentence a matcher error ends with. Problems are made
 * without a full stop; one that quotes a library's error message at its end may bring its own.
 */
export function toolsProblem(problem: string): string {
  return problem.endsWith('.') ? problem : `${problem}.`;
}
