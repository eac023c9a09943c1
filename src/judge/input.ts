import { getRunText } from '../calls/getRunText.js';
import { safeJson } from '../json.js';
import type { ToolCall } from '../types.js';
import type { JudgeTool } from './tools.js';

const MAX_INPUT_CHARS = 2_000;
const MAX_RESULT_CHARS = 600;
const MAX_TEXT_CHARS = 8_000;

/** One call as the judge sees it: input as JSON data, result or error shortened to a string. */
export interface JudgedCall {
  toolName: string;
  input: unknown;
  /** The result as JSON, or its JSON text cut short. */
  result?: unknown;
  error?: string;
  /** The agent that made the call, when not the run's top agent: its name, or the agents down to it (`Billing > Refunds`). Absent for the top agent's, so verdicts recorded before it still match. */
  agent?: string;
}

/** Everything that decides a verdict, besides the model and the prompt version. Plain JSON. */
export interface JudgeInput {
  /** The user's request (see request.ts): never missing, a verdict without it would be a guess. */
  request: string;
  reply: string | null;
  calls: JudgedCall[];
  availableTools: JudgeTool[];
  /** The user's criteria of appropriateness; absent (not undefined) without one, so keys recorded before rubrics existed still match. */
  rubric?: string;
}

/** The judge's input: the request, the run's calls (as `getToolCalls` read them), its reply text, and the available tools. */
export function buildJudgeInput(request: string, run: unknown, calls: readonly ToolCall[], availableTools: readonly JudgeTool[], rubric?: string): JudgeInput {
  const { reply } = getRunText(run);
  return {
    request: shorten(request, MAX_TEXT_CHARS),
    reply: reply === undefined ? null : shorten(reply, MAX_TEXT_CHARS),
    calls: calls.map(judgedCall),
    availableTools: availableTools.map(judgedTool),
    ...(rubric !== undefined && { rubric }),
  };
}

// Built field by field, so a verdict file lists name, description, schema in that order.
function judgedTool({ name, description, inputSchema }: JudgeTool): JudgeTool {
  return inputSchema === undefined ? { name, description } : { name, description, inputSchema: sortKeys(JSON.parse(toJsonText(inputSchema))) };
}

export function judgedCall(call: ToolCall): JudgedCall {
  const judged: JudgedCall = { toolName: call.toolName, input: shortened(call.unparsedInput ?? call.input, MAX_INPUT_CHARS) };
  if (call.error !== undefined) judged.error = shorten(errorText(call.error), MAX_RESULT_CHARS);
  else if (call.output !== undefined) judged.result = shortened(call.output, MAX_RESULT_CHARS);
  if (call.agent !== undefined) judged.agent = (call.agent.path ?? [call.agent.name]).join(' > ');
  return judged;
}

/** The value as plain JSON with sorted keys, or its JSON text cut short when longer than `max`. */
function shortened(value: unknown, max: number): unknown {
  const text = toJsonText(value);
  return text.length > max ? shorten(text, max) : sortKeys(JSON.parse(text));
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : toJsonText(error);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** JSON text of any value (see safeJson); a value without a JSON form becomes `null`, or its string. */
export function toJsonText(value: unknown, indent?: number): string {
  if (value === undefined) return 'null';
  return safeJson(value, indent === undefined ? {} : { indent }) ?? JSON.stringify(String(value));
}

/** Plain JSON with keys sorted at every level: the same input prompts, hashes and is written the same way, whatever its order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}
