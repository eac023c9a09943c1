/**
 * A judged assertion that failed because the judge gave no verdict (its provider down, the user's
 * request missing, ...) counts as failing in the reporter's table, in a real Vitest process
 * (test/reporter/fixtures/judge-error): before, such an assertion threw before it was filed, and a
 * run whose other judged assertions passed read "0 failing".
 */
import { beforeAll, expect, it } from 'vitest';
import { tableRows, vitest, type Child } from './helpers/children.js';

let child: Child;
beforeAll(async () => {
  child = await vitest(['run', '--config', 'test/reporter/fixtures/judge-error/vitest.config.ts'], {});
}, 120_000);

it('counts a judged assertion whose judge gave no verdict as failing, single run and sample alike', () => {
  expect(child.code, child.output).toBe(1);
  expect(child.output).toContain('tool-call-accuracy: 3 sampled or judged assertions, 2 failing');
  expect(tableRows(child.output)).toEqual({
    'judged > fails when the judge gives no verdict': 'judged > fails when the judge gives no verdict | expect(run).toUseAppropriateTools() | 0/1 | 0% | — | judged, failed',
    'judged > fails when the judge of a sample gives no verdict': 'judged > fails when the judge of a sample gives no verdict | expect(runs).toUseAppropriateTools() | 0/1 | 0% | — | judged, failed',
    'judged > passes when the judge approves': 'judged > passes when the judge approves | expect(run).toUseAppropriateTools() | 1/1 | 100% | — | judged, passed',
  });
  // The default reporter still shows why: the judge's error.
  expect(child.output).toContain('The judge provider is down (HTTP 503)');
});
