import { ToolCallAccuracyError } from '../errors.js';
import { printable, quoted } from '../printable.js';
import { isRecord } from './adapter.js';

/**
 * Read or refuse: a message, part or block that a reader does not know is refused with this error,
 * never skipped as "no calls" (a negative assertion must never pass on a run that was not read).
 */
export class UnknownPartError extends ToolCallAccuracyError {
  constructor(
    /** The format the run was read as, e.g. `anthropic`. */
    readonly format: string,
    /** Where the value sits, e.g. `message 2, part 1`. */
    readonly where: string,
    /** The value, described by its `type` or its keys. */
    readonly found: string,
    /** What the reader reads there, e.g. `text, tool_use, tool_result`. */
    readonly expected: string,
    /** The formats the package reads, added by `getToolCalls`. */
    readonly formats?: string,
  ) {
    super(
      `reading the run as ${format}: its ${where} is ${found}, which this reader does not know (it reads ${expected} there). ` +
        `A part it does not know is refused rather than read as no calls.${formats ? `\n${formats}` : ''}`,
    );
  }
}

/** Throws the error for an unknown value at `where` of a run read as `format`. */
export function refuseUnknown(format: string, where: string, value: unknown, expected: string): never {
  throw new UnknownPartError(format, where, describeKeys(value), expected);
}

/** `message 3, part 2`: 1-based positions, as errors count. */
export function position(message: number, part?: number, partName = 'part'): string {
  return part === undefined ? `message ${message + 1}` : `message ${message + 1}, ${partName} ${part + 1}`;
}

const MAX_KEYS = 6;
const MAX_ITEMS = 4;

/**
 * A value by its shape, with its strings escaped: `{ type: "function_call_x" }`, `{ role: "model",
 * parts: [{ functionCall }, { text }] }`. Lists nest one level, so the part that is not known shows.
 */
export function describeKeys(value: unknown, depth = 0): string {
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => describeKeys(item, depth + 1));
      return `[${items.join(', ')}${value.length > MAX_ITEMS ? `, … ${value.length - MAX_ITEMS} more` : ''}]`;
    }
    if (!isRecord(value)) return value === null ? 'null' : typeof value === 'string' ? 'a string' : typeof value;
    const keys = Object.keys(value);
    const shown = keys.slice(0, MAX_KEYS).map((key) => {
      const field = value[key];
      const name = printable(key, 40);
      if ((key === 'type' || key === 'role') && typeof field === 'string') return `${name}: ${quoted(field, 40)}`;
      if (depth === 0 && Array.isArray(field)) return `${name}: ${describeKeys(field, depth + 1)}`;
      return name;
    });
    return `{ ${shown.join(', ')}${keys.length > MAX_KEYS ? `, … ${keys.length - MAX_KEYS} more` : ''} }`;
  } catch {
    return 'a value that throws when read';
  }
}
