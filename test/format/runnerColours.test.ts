import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { jest, root, vitest } from '../reporter/helpers/children.js';

// Colours follow the runner in use, never CI or FORCE_COLOR directly (src/matcherContext.ts,
// inRunnerColours). Each child runs with CI=true and FORCE_COLOR=1, where both runners' own
// utilities colour; the fixtures hold the assertions.
const fixtures = path.join(root, 'test/format/fixtures/colours');
const forced = { CI: 'true', FORCE_COLOR: '1', NO_COLOR: undefined, TOOL_CALL_ACCURACY_CACHE: 'off' };

describe('messages colour as the runner does', () => {
  test('under Vitest: plain text, as Vitest’s own messages (inline error snapshots of a failure, a matcher error, a sample)', async () => {
    const child = await vitest(['run', '--config', path.join(fixtures, 'vitest.config.ts')], forced);
    expect(stripVTControlCharacters(child.output)).toMatch(/Tests\s+4 passed/);
    expect(child.code, child.output).toBe(0);
  }, 60_000);

  test('under Jest: as Jest’s own matchers in the same environment, colour forced and colour off', async () => {
    const coloured = await jest(['--config', path.join(fixtures, 'jest.config.cjs')], { ...forced, EXPECT_COLOURS: '1' });
    expect(coloured.code, coloured.output).toBe(0);
    const plain = await jest(['--config', path.join(fixtures, 'jest.config.cjs')], { ...forced, FORCE_COLOR: '0' });
    expect(plain.code, plain.output).toBe(0);
    expect(plain.output).toMatch(/Tests:\s+2 passed/);
  }, 60_000);
});
