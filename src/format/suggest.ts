import { closest, distance } from 'fastest-levenshtein';

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
  const close = sameWhenFolded !== undefined || distance(expected, candidate) <= Math.max(2, Math.floor(expected.length / 3));
  return close ? ` Did you mean ${JSON.stringify(candidate)}?` : '';
}
