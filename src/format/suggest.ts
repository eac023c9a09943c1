import { closest, distance } from 'fastest-levenshtein';
import { formatName } from './value.js';

/**
 * " Did you mean "weather_tool"?" when a called name is close to the expected one
 * (a typo, a different separator or case), else "".
 */
export function didYouMean(expected: unknown, calledNames: readonly string[]): string {
  if (typeof expected !== 'string' || calledNames.length === 0) return '';
  const unique = [...new Set(calledNames)];
  const folded = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, '');
  const sameWhenFolded = unique.find((name) => folded(name) === folded(expected));
  const candidate = sameWhenFolded ?? closest(expected, unique);
  // Up to one edit in three characters (at least one, two from six characters on), and never as
  // many edits as the name is long: "c" and "a" are two names, not a typo.
  const edits = distance(expected, candidate);
  const close = sameWhenFolded !== undefined || (edits <= Math.max(1, Math.floor(expected.length / 3)) && edits < expected.length);
  return close && candidate !== expected ? ` Did you mean ${formatName(candidate)}?` : '';
}
