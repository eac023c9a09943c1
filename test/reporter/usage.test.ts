import { describe, expect, it } from 'vitest';
import type { RunVerdict } from '../../src/reporter/record.js';
import { formatHtml } from '../../src/reporter/html.js';
import { formatMarkdown, formatTable, toRow } from '../../src/reporter/rows.js';
import { costOf, describeCost, totalCost } from '../../src/reporter/usage.js';

const verdict = (usage: RunVerdict['usage'], replayed: boolean): RunVerdict => ({
  run: 1, score: 1, threshold: 1, passed: true, model: 'gpt-5-mini (openai.responses)', reason: 'ok', evaluations: [], missingTools: [], replayed, ...(usage && { usage }),
});

describe('the judge usage the reporters print', () => {
  it('sums every verdict, says which were replayed from files and which have no recorded usage', () => {
    const asked = verdict({ inputTokens: 1_624, outputTokens: 128, totalTokens: 1_752, requests: 2 }, false);
    const replayed = verdict({ inputTokens: 812, outputTokens: 64, totalTokens: 876, requests: 1 }, true);
    const oldFile = verdict(undefined, true);
    const cost = totalCost([{ judgeUsage: costOf([asked, replayed]) }, { judgeUsage: costOf([oldFile]) }, {}])!;
    expect(cost).toEqual({ inputTokens: 2_436, outputTokens: 192, totalTokens: 2_628, requests: 3, verdicts: 3, replayed: 2, unknown: 1 });
    expect(describeCost(cost)).toBe(
      'Judge usage: 2,628 tokens (2,436 input, 192 output) in 3 requests for 3 verdicts; 2 replayed from verdict files (tokens spent when they were recorded); 1 verdict without recorded usage.',
    );
    expect(describeCost(costOf([asked]))).toBe('Judge usage: 1,752 tokens (1,624 input, 128 output) in 2 requests for 1 verdict.');
    expect(totalCost([{}])).toBeUndefined();
  });

  it('goes under the text and Markdown tables, and only when something was judged', () => {
    const judged = toRow({
      file: 'a.test.ts', test: 'judged', assertion: 'expect(run).toUseAppropriateTools()', matcher: 'toUseAppropriateTools', isNot: false, kind: 'run',
      failures: [], failuresLeftOut: 0, verdicts: [verdict({ inputTokens: 812, outputTokens: 64, totalTokens: 876, requests: 1 }, false)],
      judgeUsage: costOf([verdict({ inputTokens: 812, outputTokens: 64, totalTokens: 876, requests: 1 }, false)]),
    });
    const line = 'Judge usage: 876 tokens (812 input, 64 output) in 1 request for 1 verdict.';
    expect(formatTable([judged]).split('\n').slice(-2)).toEqual(['', line]);
    expect(formatMarkdown([judged]).endsWith(`|\n\n${line}\n`)).toBe(true);
    const { judgeUsage: _none, ...unjudged } = judged;
    expect(formatTable([unjudged])).not.toContain('Judge usage');
  });

  it('the page shows each verdict’s votes and agreement, and the usage in its summary', () => {
    const voted = { ...verdict({ inputTokens: 30, outputTokens: 60, totalTokens: 90, requests: 3 }, false), votes: 3, agreement: 0.67 };
    const html = formatHtml([
      toRow({
        file: 'a.test.ts', test: 'voted', assertion: 'expect(run).toUseAppropriateTools({"votes":3})', matcher: 'toUseAppropriateTools', isNot: false, kind: 'run',
        failures: [], failuresLeftOut: 0, verdicts: [voted], judgeUsage: costOf([voted]),
      }),
    ]);
    expect(html).toContain('<h4>Run 1: score 1 (threshold 1), gpt-5-mini (openai.responses), 3 votes, agreement 67%</h4>');
    expect(html).toContain('<span class="usage">Judge usage: 90 tokens (30 input, 60 output) in 3 requests for 1 verdict.</span>');
  });

  it('the page shows a trajectory verdict as steps, missing steps and criteria', () => {
    const reviewed: RunVerdict = {
      ...verdict(undefined, true),
      kind: 'trajectory',
      passed: false,
      score: 0.5,
      evaluations: [
        { toolCalled: '1. lookup-order', wasAppropriate: true, reasoning: 'necessary, in order: found the order.' },
        { toolCalled: '2. refund-order', wasAppropriate: false, reasoning: 'necessary, out of order: refunded <first>.' },
      ],
      missingTools: ['notify-customer'],
      criteria: [{ criterion: 'looks the order up before it refunds', answer: 'no', rationale: 'The refund came first.' }],
    };
    const html = formatHtml([
      toRow({
        file: 'a.test.ts', test: 'reviewed', assertion: 'expect(run).toFollowASensibleTrajectory()', matcher: 'toFollowASensibleTrajectory', isNot: false, kind: 'run',
        failures: [], failuresLeftOut: 0, verdicts: [reviewed], judgeUsage: costOf([reviewed]),
      }),
    ]);
    expect(html).toContain('<li class="bad"><code>2. refund-order</code> flawed: necessary, out of order: refunded &#60;first&#62;.</li>');
    expect(html).toContain('<p>Missing steps: <code>notify-customer</code></p>');
    expect(html).toContain('<p>Criteria:</p><ul><li class="bad">looks the order up before it refunds: no, The refund came first.</li></ul>');
  });
});
