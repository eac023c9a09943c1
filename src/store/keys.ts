/** JSON with object keys sorted at every level, so equal values give equal text (and equal keys). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => sortedObject(inner));
}

/** The value with every object's keys in sorted order (arrays keep theirs), for files that diff well. */
export function canonical<T>(value: T): T {
  return JSON.parse(canonicalJson(value) ?? 'null') as T;
}

/** sha256 (hex) of the canonical JSON of `value`: the key of a stored answer. */
export function hashKey(value: unknown): string {
  return sha256(canonicalJson(value));
}

/**
 * sha256 (hex) of a text. node:crypto is loaded at the first hash, never by importing the package
 * (test/package/mainEntry.test.ts checks that the entries load no crypto module).
 */
export function sha256(text: string): string {
  const crypto = process.getBuiltinModule('node:crypto');
  // The one-shot hash (Node 20.12+) costs about a third of a Hash object's; a replayed step hashes its request.
  return typeof crypto.hash === 'function' ? crypto.hash('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
}

/** Whether two values have the same canonical JSON. */
export function sameData(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function sortedObject(inner: unknown): unknown {
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
  return Object.fromEntries(Object.keys(inner).sort().map((key) => [key, (inner as Record<string, unknown>)[key]]));
}
