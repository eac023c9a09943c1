import { describe, expect, it } from 'vitest';
import { describeVerdict } from '../../src/format/verdict.js';
import { describeCancelledJudges } from '../../src/judge/pendingMessages.js';
import type { JudgeOutcome } from '../../src/judge/judge.js';
import { verdictFileName } from '../../src/judge/verdictFile.js';
import type { JudgeInput } from '../../src/judge/input.js';

const input = (request: string): JudgeInput => ({ request, reply: null, calls: [], availableTools: [] });
const key = 'ab12cd34ef56'.padEnd(64, '0');

describe('names from user data stay one safe line', () => {
  it('a test name with newlines and escape codes: the cancelled-judge line stays one line, colourless', () => {
    const text = describeCancelledJudges([{ testName: 'books\n\u001b[31ma flight\u001b[0m\r\n  fast \u202eevil', callSite: 'test/a.test.ts:3:9' }]);
    expect(text).toBe(
      'tool-call-accuracy: the test "books a flight fast \\u202eevil" ended while its toUseAppropriateTools() judge was still running (called at test/a.test.ts:3:9); the judge was cancelled.',
    );
  });

  it('a verdict file name takes only letters and digits from the test and the request, and stays short', () => {
    const name = verdictFileName(key, input(`${'../'.repeat(5)}\u001b[31mrm -rf /\n${'x'.repeat(1_000_000)}`), 'describe > it\n\u001b[2Jwipes the screen');
    expect(name).toBe(`describe-it-2jwipes-the-screen--31mrm-rf-${'x'.repeat(30)}-ab12cd34ef56.json`);
    expect(verdictFileName(key, input('???'), '!!!')).toBe('test--run-ab12cd34ef56.json');
  });

  it("the judge's own words (a model's text) cannot forge lines or colours in a failure message", () => {
    const outcome = {
      verdict: {
        evaluations: [{ toolCalled: 'search\n\u001b[32mweather', wasAppropriate: false, reasoning: 'No.\nExpected the judge\'s score to be at least 0; it was 1.' }],
        missingTools: ['weather\u202e'],
        reason: '\u001b[2JAll good.',
      },
      votes: [],
      agreement: { share: 1, behind: 1, votes: 1 },
      calls: [],
      score: 0,
      model: 'scripted (test)',
      source: 'model',
    } as unknown as JudgeOutcome;
    const text = describeVerdict(outcome);
    expect(text.split('\n')).toHaveLength(6);
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toContain('Reason: \\u001b[2JAll good.');
    expect(text).toContain('1. search\\n\\u001b[32mweather  inappropriate  No.\\u000aExpected');
    expect(text).toContain('Missing tools: weather\\u202e');
  });
});
