import type { ToolCall } from '../types.js';
import type { SchemaIssue } from '../scoring/inputSchemas.js';
import { escapeUnsafe } from '../printable.js';
import { didYouMean } from '../suggest.js';
import { DETAIL_WIDTH } from './outcomes.js';
import { agentNote } from './callList.js';
import { formatInline, formatName, joinFirst, plural, printableName } from '../value.js';

/** A call that is not valid: unknown tool, or the schema's issues with its input. */
export interface InvalidCall {
  /** 0-based position in the run. */
  index: number;
  call: ToolCall;
  /** Undefined when the tool is unknown. */
  issues: readonly SchemaIssue[] | undefined;
}

const CALLS_SHOWN = 10;
const ISSUES_SHOWN = 5;
const MESSAGE_WIDTH = 160;

/** `url`, `items[0].name`, `["a b"]`, `(root)`: where in the input an issue is, escaped and cut. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  const text = path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (typeof segment === 'symbol') return `[${segment.toString()}]`;
      if (/^[A-Za-z_$][\w$]*$/.test(segment)) return index === 0 ? segment : `.${segment}`;
      return `[${JSON.stringify(segment)}]`;
    })
    .join('');
  const escaped = escapeUnsafe(text);
  return escaped.length > 80 ? `${escaped.slice(0, 79)}…` : escaped;
}

function issueLine({ path, message }: SchemaIssue): string {
  const text = escapeUnsafe(message);
  return `${formatIssuePath(path)}: ${text.length > MESSAGE_WIDTH ? `${text.slice(0, MESSAGE_WIDTH - 1)}…` : text}`;
}

/** The claim and how it failed: "… but 2 of 5 calls did not:" and each invalid call with why. */
export function formatInvalidCalls(invalid: readonly InvalidCall[], calls: readonly ToolCall[], toolNames: readonly string[]): string {
  const callCount = calls.length;
  const numberWidth = String(Math.max(...invalid.slice(0, CALLS_SHOWN).map(({ index }) => index + 1))).length;
  const lines = invalid.slice(0, CALLS_SHOWN).map(({ index, call, issues }) => {
    const agent = agentNote(call, calls);
    const head = `  ${`${index + 1}.`.padStart(numberWidth + 1)} ${printableName(call.toolName)}  ${call.input === undefined ? '' : formatInline(call.input, DETAIL_WIDTH)}${agent === undefined ? '' : ` (${agent})`}`.trimEnd();
    const indent = ' '.repeat(numberWidth + 6);
    if (issues === undefined) {
      const known = toolNames.length === 0 ? 'tools is empty' : `not one of the tools (${joinFirst(toolNames, ', ', printableName, 8)})`;
      return `${head}\n${indent}${known}.${didYouMean(call.toolName, toolNames)}`;
    }
    const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => `${indent}${issueLine(issue)}`);
    if (issues.length > ISSUES_SHOWN) shown.push(`${indent}… and ${plural(issues.length - ISSUES_SHOWN, 'more issue')}`);
    return [head, ...shown].join('\n');
  });
  if (invalid.length > CALLS_SHOWN) lines.push(`  … and ${plural(invalid.length - CALLS_SHOWN, 'more invalid call')}`);
  const counted = invalid.length === callCount ? (callCount === 1 ? 'its one call did not' : `none of its ${callCount} calls did`) : `${invalid.length} of ${callCount} calls did not`;
  // An unknown tool of another agent than the top one: that agent's tools are missing from the list.
  const othersUnknown = invalid.some(({ call, issues }) => issues === undefined && call.agent !== undefined);
  const hint = othersUnknown
    ? "\nA run's calls include those of the agents it handed off to or ran as tools: list their tools too, or check the top agent's own calls with own(run)."
    : '';
  return `Expected every call to name one of the tools and pass its input schema, but ${counted}:\n${lines.join('\n')}${hint}`;
}

/** The error for an input schema that threw while checking a call. */
export function schemaThrew(call: ToolCall, index: number, error: unknown): string {
  return `the input schema of ${formatName(call.toolName)} threw while checking call ${index + 1}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The negated claim held: no call was invalid. */
export function formatAllValid(callCount: number): string {
  return callCount === 0
    ? 'Expected some call to name an unknown tool or fail its input schema, but the run made no calls.'
    : `Expected some call to name an unknown tool or fail its input schema, but ${callCount === 1 ? 'its one call is' : `all ${callCount} calls are`} valid.`;
}
