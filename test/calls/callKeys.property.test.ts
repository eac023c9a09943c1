/**
 * Fail closed, by key, for every format: the runs are the fixtures made by the real packages
 * (test/fixtures), with one key put into a message, part, block, item or step that a reader reads.
 * - A key no reader knows, named for calls in any spelling and case (or named otherwise and
 *   holding a call), holding a call: the run is read with that call or refused, never read with
 *   only the calls it had.
 * - A key of the harmless list (callKeys.ts), holding anything: the run reads as before.
 * At least 1,000 cases per format.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/index.js';
import { ToolCallAccuracyError } from '../../src/errors.js';
import { HARMLESS_KEYS } from '../../src/calls/callKeys.js';
import type { ToolCall } from '../../src/types.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';
import { listsOf, withKey } from '../helpers/runPieces.js';

let fixtures: Fixture[] = [];
beforeAll(async () => {
  fixtures = await allFixtures();
});

const CASES_PER_FORMAT = 1000;
/**
 * About 22,000 readings per property; each is one read of a fixture (a fraction of a millisecond to
 * about one), so the time is the count, on a loaded machine too.
 */
const TIMEOUT = 180_000;
/** Formats whose pieces are not records a reader takes keys from: a trace's spans (attributes), a plain list of calls. */
const NO_RECORDS = new Set(['otel-trace', 'plain']);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The records a reader of the fixture's format reads: the items of its lists, and a response's or a lone message's own message. */
function recordsOf(fixture: Fixture): object[] {
  const run = fixture.run as Record<string, unknown>;
  const records = listsOf(fixture, fixture.run).flatMap((list) => list.filter(isRecord));
  const choices = run.choices as Array<Record<string, unknown>> | undefined;
  if (Array.isArray(choices) && isRecord(choices[0]?.message)) records.push(choices[0].message);
  if (isRecord(run.message) && typeof run.message.role === 'string') records.push(run.message);
  if (isRecord(run) && typeof run.role === 'string') records.push(run);
  return records;
}

const INSERTED = 'inserted_refund';
/** Spellings of a key that speaks of calls: words in any case, joined as camelCase, snake_case, or run together, with a prefix no reader knows. */
const callWord = fc.constantFrom('tool', 'Tool', 'TOOL', 'tools', 'function', 'Function', 'FUNCTION', 'call', 'Call', 'calls', 'CALLS', 'invocation');
const callKeyName = fc
  .tuple(fc.constantFrom('x', 'my', 'Vendor', 'extra', 'X_PROVIDER', 'zz'), fc.constantFrom('', '_', '-', '.'), callWord, fc.constantFrom('', '_', ''), fc.constantFrom('', 'Calls', 'use', 'USE', 'uses', 's', 'Call', 'result'))
  .map((parts) => parts.join(''));
/** A key named otherwise, which no reader knows either: its value must show the call. */
const otherKeyName = fc.constantFrom('zzExtra', 'vendor_payload', 'X-Provider-Data', 'extraStuff', 'OPTIONS2');
const args = fc.oneof(fc.constant('{"order":"A1"}'), fc.constant({ order: 'A1' }));
/** A call in the shapes real SDKs write: OpenAI's, a name beside arguments, args, input or parameters; alone, in a list, or under a key. */
const aCall = fc.oneof(
  args.map((a) => ({ id: 'c_ins', type: 'function', function: { name: INSERTED, arguments: a } })),
  fc.tuple(fc.constantFrom('arguments', 'args', 'input', 'parameters'), args).map(([key, a]) => ({ name: INSERTED, [key]: a })),
  args.map((a) => ({ toolName: INSERTED, args: a })),
);
const callValue = fc.oneof(aCall, aCall.map((call) => [call]), aCall.map((call) => ({ toolCall: [call] })));

function outcome(run: unknown): { calls?: string[]; refused?: unknown } {
  try {
    return { calls: getToolCalls(run).map((call) => call.toolName) };
  } catch (error) {
    return { refused: error };
  }
}

describe('a key no reader knows, holding a call, anywhere a reader reads', () => {
  it(`is read with that call or refused, never read as the calls the run had (${CASES_PER_FORMAT} cases per format)`, () => {
    const formats = [...new Set(fixtures.map((fixture) => fixture.format))].filter((format) => !NO_RECORDS.has(format));
    expect(formats.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const format of formats) {
      const candidates = fixtures.filter((fixture) => fixture.format === format).map((fixture) => ({ fixture, records: recordsOf(fixture) })).filter(({ records }) => records.length > 0);
      expect(candidates.length, format).toBeGreaterThan(0);
      try {
        fc.assert(
        fc.property(fc.nat(), fc.nat(), fc.oneof(callKeyName, otherKeyName), callValue, (which, at, key, value) => {
          const { fixture, records } = candidates[which % candidates.length]!;
          const target = records[at % records.length]!;
          const run = withKey(fixture.run, target, key, value);
          const { calls, refused } = outcome(run);
          if (refused !== undefined) {
            if (!(refused instanceof ToolCallAccuracyError)) throw refused;
            return;
          }
          if (!calls!.includes(INSERTED)) {
            throw new Error(`${format}: "${fixture.name}" with ${JSON.stringify(key)}: ${JSON.stringify(value)} in ${JSON.stringify(Object.keys(target))} was read as ${JSON.stringify(calls)}`);
          }
        }),
        { numRuns: CASES_PER_FORMAT },
        );
      } catch (error) {
        // Every format is checked, and the failures of all are shown at once.
        failures.push(String((error as Error).cause ?? error));
      }
    }
    expect(failures).toEqual([]);
  }, TIMEOUT);
});

/**
 * The calls, with whether each has an output or an error: a result's value is the content the tool
 * sent, and a key put into that content is in it (as it would be in a real run), not a change.
 */
function shapeOf(calls: ToolCall[]): unknown[] {
  return calls.map(({ output, error, ...call }) => ({ ...call, output: output !== undefined, error: error !== undefined }));
}

describe('a harmless key, anywhere a reader reads', () => {
  it(`changes nothing, whatever it holds (${CASES_PER_FORMAT} cases per format)`, () => {
    const formats = [...new Set(fixtures.map((fixture) => fixture.format))].filter((format) => !NO_RECORDS.has(format));
    for (const format of formats) {
      const candidates = fixtures.filter((fixture) => fixture.format === format).map((fixture) => ({ fixture, records: recordsOf(fixture), calls: shapeOf(getToolCalls(fixture.run)) })).filter(({ records }) => records.length > 0);
      fc.assert(
        fc.property(fc.nat(), fc.nat(), fc.constantFrom(...HARMLESS_KEYS), fc.oneof(callValue, fc.string(), fc.constant(null), fc.constant([])), (which, at, key, value) => {
          const { fixture, records, calls } = candidates[which % candidates.length]!;
          const target = records[at % records.length]!;
          // A key the piece already has is the format's own: it is not what is added here.
          if (key in target) return;
          expect(shapeOf(getToolCalls(withKey(fixture.run, target, key, value))), `${format}: "${fixture.name}" with ${key} in ${JSON.stringify(Object.keys(target))}`).toEqual(calls);
        }),
        { numRuns: CASES_PER_FORMAT },
      );
    }
  }, TIMEOUT);
});
