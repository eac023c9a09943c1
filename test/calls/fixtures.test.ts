import { beforeAll, describe, expect, test } from 'vitest';
import { detectFormat } from '../../src/calls/detect.js';
import { adapters } from '../../src/calls/formats.js';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { getRunText } from '../../src/calls/getRunText.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';

let fixtures: Fixture[] = [];
beforeAll(async () => {
  fixtures = await allFixtures();
});

// The fixture list is built asynchronously (real AI SDK loops), so each check walks all of them
// and reports every mismatch by fixture name at once.
function mismatches(check: (fixture: Fixture) => unknown): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const fixture of fixtures) {
    try {
      const problem = check(fixture);
      if (problem !== undefined) found[fixture.name] = problem;
    } catch (error) {
      found[fixture.name] = String(error);
    }
  }
  return found;
}

describe('every fixture', () => {
  test('there are fixtures from every major of the AI SDK and every format', () => {
    expect(fixtures.length).toBeGreaterThan(60);
    for (const sdk of ['ai5', 'ai6', 'ai7', 'ai4']) expect(fixtures.some((fixture) => fixture.name.startsWith(sdk))).toBe(true);
  });

  test('names are unique', () => {
    expect(new Set(fixtures.map((fixture) => fixture.name)).size).toBe(fixtures.length);
  });

  test('is claimed by the adapter of its own format, and no other', () => {
    expect(mismatches((fixture) => {
      const claimed = detectFormat(fixture.run)?.format;
      return claimed === fixture.format ? undefined : `claimed by ${claimed ?? 'nothing'}`;
    })).toEqual({});
  });

  test('every adapter claims at least one fixture', () => {
    const claimed = new Set(fixtures.map((fixture) => detectFormat(fixture.run)?.format));
    expect(adapters.map((adapter) => adapter.format).filter((format) => !claimed.has(format))).toEqual([]);
  });

  test('gives exactly the expected calls, in order', () => {
    for (const fixture of fixtures) {
      expect.soft(getToolCalls(fixture.run), fixture.name).toEqual(fixture.expected);
    }
  });

  test('gives the request and reply text where the format has them', () => {
    for (const fixture of fixtures) {
      if (fixture.text) expect(getRunText(fixture.run), fixture.name).toEqual(fixture.text);
    }
  });

  test('reading is repeatable: a second read gives the same calls', () => {
    for (const fixture of fixtures) {
      expect(getToolCalls(fixture.run), fixture.name).toEqual(getToolCalls(fixture.run));
    }
  });
});
