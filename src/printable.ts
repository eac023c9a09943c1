/**
 * Text from a run (tool names, keys) is data written by a model or a user: before it is printed,
 * the characters that change how a log reads are escaped. C0 and C1 controls (a newline adds a
 * line, ESC starts an ANSI sequence, U+009B is a one-character CSI), DEL, line and paragraph
 * separators, zero-width and bidirectional formatting characters, the BOM.
 */
const UNSAFE_CHARS = '\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2069\\ufeff';
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`);
const UNSAFE_ALL = new RegExp(`[${UNSAFE_CHARS}]`, 'g');

export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE.test(text);
}

/** `text` with each unsafe character written as a `\uXXXX` escape. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` cut to its first `max` characters, followed by `mark` when it was longer. */
export function cut(text: string, max: number, mark = '…'): string {
  return text.length > max ? `${text.slice(0, max)}${mark}` : text;
}

/** Text from a run as a message shows it: cut to `max` characters (then "…") and escaped. */
export function printable(text: string, max: number): string {
  return escapeUnsafe(cut(text, max));
}

/** A string from a run in quotes, as JSON writes it: cut to `max` characters (then "…") and escaped. */
export function quoted(text: string, max: number): string {
  return escapeUnsafe(JSON.stringify(cut(text, max)));
}
