import { describeArgument, describeValue } from './describe.js';
import { ToolCallAccuracyError, type BadOption } from './errors.js';
import { didYouMean } from './suggest.js';
import { formatName, isAsymmetricMatcher } from './value.js';

/**
 * The one checker of options objects: every function and matcher that takes options describes its
 * object as an `OptionsSchema` (data) and calls `checkOptions`, so that a wrong option is said one way:
 *
 *   sample(): unknown option "passRat". Known: n, concurrency, minPassRate, confidence. Did you mean "minPassRate"?
 *   sample(): n must be a whole number of runs, at least 1; received number 0.
 *   sample(): options must be an object such as { n: 10, minPassRate: 0.9 }; received number 3.
 *
 * Not zod, although zod is this project's schema library: zod is an optional peer (a project that
 * never uses the judge need not install it), and options are checked by every matcher and by the
 * reporter, which must work without it (see bench/RESULTS.md, "Options checker").
 */

/** The rule of one option's value. `undefined` (the option left out) is always allowed. */
export interface OptionRule {
  /** What the value must be, said after "must be": "true or false". */
  mustBe: string;
  accepts(value: unknown): boolean;
}

export interface OptionsSchema {
  /** Each option the object takes: its rule, or `true` when its caller checks the value itself. */
  readonly options: Readonly<Record<string, OptionRule | true>>;
  /** The whole object, said after "must be": "an object such as { n: 10 }". */
  readonly shape: string;
}

/** How a checked object is named in messages. */
export interface OptionsPlace {
  /** Who takes the options, prefixed to each message: `sample()`, `configureJudge`, or `options` for a matcher's own argument. */
  where: string;
  /** The object as a whole, in "… must be an object": by default `${where}: options`. */
  name?: string;
  /** For an object inside options (`cache` of the judge's): its options are named `cache.mode`. */
  within?: string;
}

/** The error of a bad options object: a ToolCallAccuracyError with its parts in `badOption`. */
function optionsError(message: string, badOption: BadOption): ToolCallAccuracyError {
  return new ToolCallAccuracyError(message, { badOption });
}

/** Rules used by more than one schema. */
export const rule = {
  boolean: { mustBe: 'true or false', accepts: (value: unknown) => typeof value === 'boolean' },
  string: { mustBe: 'a string', accepts: (value: unknown) => typeof value === 'string' },
  nonEmptyString: (mustBe: string): OptionRule => ({ mustBe, accepts: (value) => typeof value === 'string' && value.trim() !== '' }),
  wholeNumber: (min: number, mustBe: string): OptionRule => ({ mustBe, accepts: (value) => Number.isSafeInteger(value) && (value as number) >= min }),
  oneOf: (values: readonly unknown[], mustBe: string): OptionRule => ({ mustBe, accepts: (value) => values.includes(value) }),
  that: (mustBe: string, accepts: (value: unknown) => boolean): OptionRule => ({ mustBe, accepts }),
} as const;

/** The problem of an options object, or undefined when it has none. */
function optionsProblem(value: unknown, schema: OptionsSchema, place: OptionsPlace): ToolCallAccuracyError | undefined {
  const known = Object.keys(schema.options).map((key) => (place.within === undefined ? key : `${place.within}.${key}`));
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isAsymmetricMatcher(value)) {
    const name = place.name ?? `${place.where}: options`;
    return optionsError(`${name} must be ${schema.shape}; received ${describe(value)}.`, { where: place.where, option: undefined, received: value, known });
  }
  const unknown = Object.keys(value).filter((key) => !Object.hasOwn(schema.options, key));
  if (unknown.length > 0) return unknownOption(place.where, place.within === undefined ? unknown : unknown.map((key) => `${place.within}.${key}`), known);
  for (const [option, check] of Object.entries(schema.options)) {
    if (check === true) continue;
    const received = (value as Record<string, unknown>)[option];
    if (received !== undefined && !check.accepts(received)) {
      const name = place.within === undefined ? option : `${place.within}.${option}`;
      return optionsError(`${place.where}: ${name} must be ${check.mustBe}; received ${describe(received)}.`, { where: place.where, option: name, received, known });
    }
  }
  return undefined;
}

/** The schema of the options in `keys` only (a function that takes some of a family's options). */
export function narrowed(schema: OptionsSchema, keys: readonly string[], shape = `an object such as { ${keys.join(', ')} }`): OptionsSchema {
  return { shape, options: Object.fromEntries(keys.map((key) => [key, schema.options[key] ?? true])) };
}

/** Throws the problem of an options object, if it has one. */
export function checkOptions<Options extends object = Record<string, unknown>>(value: unknown, schema: OptionsSchema, place: OptionsPlace): asserts value is Options {
  const problem = optionsProblem(value, schema, place);
  if (problem !== undefined) throw problem;
}

/** `where: unknown option "x". Known: a, b. Did you mean "y"?` (every unknown option named; the first that is close to a known one suggested). */
export function unknownOption(where: string, unknown: readonly string[], known: readonly string[]): ToolCallAccuracyError {
  let said = '';
  for (const key of unknown) if ((said = didYouMean(key, known)) !== '') break;
  const suggestion = known.find((name) => said === ` Did you mean ${formatName(name)}?`);
  const message = `${where}: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map(formatName).join(', ')}. Known: ${known.join(', ')}.${said}`;
  return optionsError(message, { where, option: unknown[0], received: unknown[0], known, ...(suggestion !== undefined && { suggestion }) });
}

/** A received value as every options message says it: itself when small (`"x"`, `number 3`), else its kind (an object's with its top keys). */
export function describe(value: unknown): string {
  try {
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? describeValue(value) : describeArgument(value);
  } catch {
    return describeValue(value);
  }
}
