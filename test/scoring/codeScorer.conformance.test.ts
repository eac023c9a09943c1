import { describe, expect, it } from 'vitest';
import { createToolCallAccuracyScorerCode } from '../../src/index.js';
import { conformanceCases as cases, conformanceRun } from '../helpers/conformance.js';
import { ourBuilders } from '../helpers/runs.js';

describe('conformance: test/scoring/conformance/code-scorer.json', () => {
  it('holds the cases', () => {
    expect(cases.length).toBeGreaterThan(400);
    expect(cases.filter((testCase) => testCase.divergence).length).toBeGreaterThan(0);
  });

  it.each(cases.map((testCase) => [testCase.id, testCase] as const))('%s', async (_id, testCase) => {
    if (testCase.expected === 'throw') {
      expect(() => createToolCallAccuracyScorerCode(testCase.options)).toThrow();
      return;
    }
    const result = await createToolCallAccuracyScorerCode(testCase.options).run(conformanceRun(testCase, ourBuilders));
    expect(result.score).toBe(testCase.expected);
  });
});
