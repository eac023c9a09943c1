import { ToolCallAccuracyError } from '../errors.js';
import { printable } from '../printable.js';
import type { UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';
import { describeKeys } from './unknownParts.js';

/** Keys OpenAI-compatible providers add beside a message's text, which hold no calls (OpenAI's, DeepSeek's, OpenRouter's, Groq's): never refused. */
export const HARMLESS_KEYS: ReadonlySet<string> = new Set(['refusal', 'annotations', 'audio', 'reasoning_content', 'reasoning', 'reasoning_details', 'x_groq']);

/** Words of a key that speak of calls, in any case or spelling (`toolCalls`, `tool_use`, `FUNCTION_CALL`, `executedTools`). */
const CALL_WORDS = /tool|function|call|invocation/;
/** The keys beside a name that make a record a call: `{ name, arguments }`, `{ toolName, args }`, `{ name, input }`, `{ name, parameters }`. */
const ARGUMENT_KEYS = ['arguments', 'args', 'input', 'parameters'] as const;
const NAME_KEYS = ['name', 'toolName', 'tool_name', 'functionName', 'function_name'] as const;
/** How deep the value of a key is searched for a call: a call, a list of calls, or a record holding them (`options: { toolCall: [...] }`). */
const MAX_DEPTH = 3;
const MAX_ITEMS = 32;

/** Whether a key's name speaks of tools, functions or calls, in any case or spelling. */
function nameSpeaksOfCalls(key: string): boolean {
  return CALL_WORDS.test(key.toLowerCase().replace(/[^a-z]/g, ''));
}

/** A call: a name beside arguments (`{ name, arguments }`, `{ toolName, args }`, `{ name, input }`), or a record whose `function` is one (OpenAI's). */
function isCallShaped(record: UnknownRecord): boolean {
  if (NAME_KEYS.some((key) => typeof record[key] === 'string') && ARGUMENT_KEYS.some((key) => key in record)) return true;
  return isRecord(record.function) && typeof record.function.name === 'string';
}

/** Whether `value` holds something call-shaped: a call, or calls in a list, or in a record, down to `MAX_DEPTH` levels. */
function holdsCalls(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    const length = Math.min(value.length, MAX_ITEMS);
    for (let index = 0; index < length; index++) if (holdsCalls(value[index], depth + 1)) return true;
    return false;
  }
  const record = value as UnknownRecord;
  if (isCallShaped(record)) return true;
  let seen = 0;
  for (const key in record) {
    if (++seen > MAX_ITEMS) break;
    const field = record[key];
    if (typeof field === 'object' && field !== null && holdsCalls(field, depth + 1)) return true;
  }
  return false;
}

/**
 * Whether a key a reader does not know could carry calls, for every reader: its name speaks of tools,
 * functions or calls and it holds a record or list that is not empty, or its value holds something
 * call-shaped (a name beside arguments, args, input or parameters). `HARMLESS_KEYS` never do.
 */
export function callCarryingKey(key: string, value: unknown): boolean {
  if (HARMLESS_KEYS.has(key) || value === undefined || value === null) return false;
  if (typeof value !== 'object') return false;
  if (nameSpeaksOfCalls(key)) return !isEmpty(value);
  return holdsCalls(value, 0);
}

/** An empty list or record holds no call (`tool_calls: []`, which some providers send with text). */
function isEmpty(value: object): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/** A key that could carry calls where its reader does not know it: the run is refused rather than read without them. */
export class CallKeyError extends ToolCallAccuracyError {
  constructor(
    /** The format the rest of the run was read as, e.g. `openai-chat`. */
    readonly format: string,
    /** Where the key sits, e.g. `message 2`. */
    readonly where: string,
    /** The key. */
    readonly key: string,
    /** The record holding it, described by its keys. */
    readonly found: string,
  ) {
    super(
      `reading the run as ${format}: its ${where} (${found}) has the key "${printable(key, 40)}", which could hold tool calls and which this reader does not know. ` +
        'It is refused rather than read as no calls, which would let .not.toCallTool and toCallNoTools pass wrongly. ' +
        'Pass the run as its library returned it (the response or messages themselves, not rebuilt by hand), or its calls as a plain list ([{ toolName, input }]); ' +
        `if "${printable(key, 40)}" holds no calls, remove it before the assertion. ` +
        'If a library writes this shape and the package should read it, report it in the package\'s issue tracker with the library, its version and this shape.',
    );
  }
}

/** Refuses the first key of `record` that `known` does not hold and that could carry calls, at `where` of a run read as `format`. */
export function refuseCallKeys(format: string, where: string | (() => string), record: UnknownRecord, known: ReadonlySet<string>): void {
  for (const key of Object.keys(record)) {
    if (known.has(key)) continue;
    if (callCarryingKey(key, record[key])) throw new CallKeyError(format, typeof where === 'string' ? where : where(), key, describeKeys(record));
  }
}
