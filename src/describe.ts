import { printable, quoted } from './printable.js';

const MAX_KEYS = 8;

/**
 * A word with its indefinite article, as it is said: "an AIMessage", "a UIMessage", "an object",
 * "a user". An acronym (two capitals first) goes by its first letter's name ("an HTTPError", "an
 * LLM"); any other word by its first sound, with the usual exceptions ("a unit", "an hour").
 */
export function withArticle(word: string): string {
  return `${startsWithVowelSound(word) ? 'an' : 'a'} ${word}`;
}

function startsWithVowelSound(word: string): boolean {
  if (/^[A-Z]{2}/.test(word)) return 'AEFHILMNORSX'.includes(word[0]!);
  if (/^(uni|use|usu|ut[ei]|eu|one\b|once)/i.test(word)) return false;
  if (/^(hour|honest|honou?r|heir)/i.test(word)) return true;
  return /^[aeiou]/i.test(word);
}

/** Names what a value is (its type and top keys), for errors about values we cannot read. */
export function describeValue(value: unknown): string {
  // A Proxy or getter that throws while we look: say so rather than fail the error message.
  return attempt(() => describe(value), 'a value that throws when read');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty array';
    return `an array of ${value.length} item${value.length === 1 ? '' : 's'} whose first is ${describe(attempt(() => value[0], undefined))}`;
  }
  if (typeof value === 'string') return `a string (${quoted(value, 40)})`;
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`;
  if (typeof (value as { then?: unknown }).then === 'function') return 'a Promise (did you forget to await the agent run?)';
  const keys = attempt(() => Object.keys(value), []);
  const shown = keys.slice(0, MAX_KEYS).map((key) => printable(key, 40)).join(', ');
  const more = keys.length > MAX_KEYS ? `, … ${keys.length - MAX_KEYS} more` : '';
  const name = constructorName(value);
  return `${name ? `${withArticle(name)} ` : 'an '}object with ${keys.length === 0 ? 'no keys' : `keys { ${shown}${more} }`}`;
}

/** What `read` returns, or `fallback` when it throws (a Proxy or a getter). */
export function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function constructorName(value: object): string | undefined {
  const name = attempt(() => (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name, undefined);
  return typeof name === 'string' && name !== 'Object' ? name : undefined;
}

/** The short form, for a bad matcher argument: the value itself when it is small, else its kind. */
export function describeArgument(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return value === '' ? 'an empty string' : JSON.stringify(value);
  if (typeof value === 'object') return `an object with keys { ${Object.keys(value).join(', ')} }`;
  return `${typeof value} ${String(value)}`;
}
