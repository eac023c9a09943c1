import { formatName } from './value.js';

/**
 * " Did you mean "weather_tool"?" when a called name is close to the expected one
 * (a typo, a different separator or case), else "".
 */
export function didYouMean(expected: unknown, calledNames: readonly string[]): string {
  if (typeof expected !== 'string' || calledNames.length === 0) return '';
  const unique = [...new Set(calledNames)];
  // Called by that very name (with another input, say): not a misspelling.
  if (unique.includes(expected)) return '';
  const folded = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');
  const sameWhenFolded = unique.find((name) => folded(name) === folded(expected));
  if (sameWhenFolded !== undefined) return ` Did you mean ${formatName(sameWhenFolded)}?`;
  // Up to one edit in three characters (at least one, two from six characters on), and never as
  // many edits as the name is long: "c" and "a" are two names, not a typo.
  const allowed = Math.min(Math.max(1, Math.floor(expected.length / 3)), expected.length - 1);
  let best: string | undefined;
  let bestEdits = allowed + 1;
  for (const name of unique) {
    const edits = editDistance(expected, name, bestEdits);
    if (edits < bestEdits) [best, bestEdits] = [name, edits];
  }
  return best === undefined ? '' : ` Did you mean ${formatName(best)}?`;
}

/** Levenshtein distance, or `limit` when it is at least `limit` (then the comparison stops early). */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
      if (current[j]! < rowMin) rowMin = current[j]!;
    }
    if (rowMin >= limit) return limit;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length]!, limit);
}
