import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './keys.js';
import type { StoreUser } from './user.js';

/** A path relative to the working directory when inside it, for messages. */
export function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/**
 * Text as a piece of a file name: lower-case letters, digits and single dashes, at most `max`
 * characters, no dash at either end. Slashes, `..`, control characters and anything else a test
 * name holds become dashes, so a name never leaves its folder. May be empty.
 */
export function slug(text: string, max: number): string {
  return text
    .slice(0, max * 4) // a megabyte request needs only its start
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** `<slug of name>-<12 hex of its hash>`: readable, and distinct for names whose slugs agree (punctuation, length). */
export function nameStem(name: string, max = 60, fallback = 'test'): string {
  return `${slug(name, max) || fallback}-${sha256(name).slice(0, 12)}`;
}

/** The names of the `.json` files in `dir`, sorted; none when it does not exist. */
export async function listJsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
}

/** The error for a stored file that cannot be used: names the file, the problem and the fix. */
export function corruptFileError(user: StoreUser, file: string, problem: string, cause?: unknown): Error {
  return user.error(`The ${user.entry} ${display(file)} is corrupt: ${problem}. ${user.corruptFix}.`, cause === undefined ? undefined : { cause });
}

/** The JSON object stored in `file`, or undefined when there is no file; else the user's error naming it. */
export async function readStoredObject(user: StoreUser, file: string): Promise<Record<string, unknown> | undefined> {
  const text = await readStoredText(user, file);
  return text === undefined ? undefined : parseStoredObject(user, file, text);
}

/** The text of `file` as a JSON object (an array is none); else the user's error naming it (`corruptFileError`). */
export function parseStoredObject(user: StoreUser, file: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corruptFileError(user, file, `not valid JSON (${(error as Error).message})`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corruptFileError(user, file, 'it is not a JSON object');
  return value as Record<string, unknown>;
}

/** The text of `file`, or undefined when there is none; another failure is the user's error naming it. */
export async function readStoredText(user: StoreUser, file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw user.error(`Could not read the ${user.entry} ${display(file)}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Writes `value` as pretty JSON with a final newline, atomically: a unique temp file in the same
 * directory, then a rename over the target. Parallel workers, processes and CI shards never see a
 * torn file (a crash leaves the old one); the last writer wins. Keys are written in the value's
 * order: callers give a fixed order and canonical data (`canonical`), so writing the same value
 * again changes nothing. Returns the text written.
 */
export async function writeStoredFile(user: StoreUser, file: string, value: unknown): Promise<string> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  await writeStoredText(user, file, text);
  return text;
}

/** Writes `text` to `file` atomically, as `writeStoredFile` does (a temp file in the same folder, then a rename over the target). */
export async function writeStoredText(user: StoreUser, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    await writeFile(temp, text, 'utf8');
    await renameWithRetry(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw user.error(`Could not write the ${user.entry} ${display(file)}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * `writeStoredText` without awaiting, for a process that is exiting (its `exit` event runs no
 * promise): the same temp file and rename, so a crash still leaves the old file or the new one.
 */
export function writeStoredTextSync(user: StoreUser, file: string, text: string): void {
  const fs = process.getBuiltinModule('node:fs');
  const temp = tempName(file);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temp, text, 'utf8');
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw user.error(`Could not write the ${user.entry} ${display(file)}: ${(error as Error).message}`, { cause: error });
  }
}

// The Web Crypto global: no crypto module loaded.
const tempName = (file: string) => `${file}.${process.pid}.${globalThis.crypto.randomUUID()}.tmp`;

// Windows refuses to rename over a file another process has open for a moment; retry briefly.
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 10 || (code !== 'EPERM' && code !== 'EACCES' && code !== 'EBUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
    }
  }
}
