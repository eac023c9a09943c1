import type { ToolCall } from '../types.js';
import { formatInline, formatName, plural } from './value.js';

const MAX_LISTED = 20;
const INPUT_WIDTH = 72;

/**
 * `Received N tool calls:` and a numbered list (name, input on one line, shortened), with the
 * names padded into a column. Long lists are cut: "… and 12 more".
 */
export function formatCallList(calls: readonly ToolCall[], heading = 'Received'): string {
  if (calls.length === 0) return `${heading} no tool calls.`;
  const shown = calls.slice(0, MAX_LISTED);
  const numberWidth = String(shown.length).length;
  const nameWidth = Math.min(32, Math.max(...shown.map((call) => call.toolName.length)));
  const lines = shown.map((call, index) => {
    const number = `${index + 1}.`.padStart(numberWidth + 1);
    return `  ${number} ${call.toolName.padEnd(nameWidth)}  ${formatCallDetail(call)}`.trimEnd();
  });
  if (calls.length > shown.length) lines.push(`  … and ${calls.length - shown.length} more`);
  return `${heading} ${plural(calls.length, 'tool call')}:\n${lines.join('\n')}`;
}

function formatCallDetail(call: ToolCall): string {
  const input = call.input === undefined ? '' : formatInline(call.input, INPUT_WIDTH);
  const notes: string[] = [];
  if (call.unparsedInput !== undefined) notes.push('input is not valid JSON');
  if (call.invalid) notes.push('invalid call');
  if (call.error !== undefined) notes.push('failed');
  return notes.length > 0 ? `${input} (${notes.join(', ')})`.trimStart() : input;
}

/** A numbered list of what was expected: names or `{ toolName, input }` patterns. */
export function formatExpectedList(items: readonly { toolName: unknown; input?: unknown; hasInput: boolean }[]): string {
  const shown = items.slice(0, MAX_LISTED);
  const numberWidth = String(shown.length).length;
  const names = shown.map((item) => (typeof item.toolName === 'string' ? item.toolName : formatInline(item.toolName, 32)));
  const nameWidth = Math.max(...names.map((name) => name.length));
  const lines = shown.map((item, index) => {
    const number = `${index + 1}.`.padStart(numberWidth + 1);
    const input = item.hasInput ? formatInline(item.input, INPUT_WIDTH) : '';
    return `  ${number} ${names[index]!.padEnd(nameWidth)}  ${input}`.trimEnd();
  });
  if (items.length > shown.length) lines.push(`  … and ${items.length - shown.length} more`);
  return lines.join('\n');
}

/** `"search"`, or `"search" with input {"q":"cats"}` when the expectation names an input. */
export function describeExpectedCall(item: { toolName: unknown; input?: unknown; hasInput: boolean }): string {
  return `${formatName(item.toolName)}${item.hasInput ? ` with input ${formatInline(item.input)}` : ''}`;
}
