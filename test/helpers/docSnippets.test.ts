import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { snippetsOf, usesFreely } from './docSnippets.js';

describe('snippetsOf: the blocks of a docs page the harness runs', () => {
  const page = [
    '# Page', // 1
    '', // 2
    '```ts', // 3
    "test('a', () => {})", // 4
    '```', // 5
    '<!-- not run: needs a live key -->', // 6
    '```js', // 7
    'await ask()', // 8
    '```', // 9
    '```text', // 10
    '```ts', // 11: inside a text block, not a fence of its own
    '```', // 12
    '<!-- runs with ai@6 -->', // 13
    '```typescript', // 14
    "import { MockLanguageModelV3 } from 'ai/test'", // 15
    '```', // 16
    '```js', // 17
    "module.exports = { setupFilesAfterEnv: ['tool-call-accuracy/jest'] } // require( in a comment is no sign", // 18
    '```', // 19
    '```sh', // 20
    'npm test', // 21
    '```', // 22
  ].join('\n');

  test('ts/js blocks only, with their fence line, markers and kind', () => {
    expect(snippetsOf(page)).toEqual([
      { line: 3, lang: 'ts', code: "test('a', () => {})", commonJs: false, declaresTests: true },
      { line: 7, lang: 'js', code: 'await ask()', notRun: 'needs a live key', commonJs: false, declaresTests: false },
      { line: 14, lang: 'typescript', code: "import { MockLanguageModelV3 } from 'ai/test'", aiMajor: 6, commonJs: false, declaresTests: false },
      expect.objectContaining({ line: 17, commonJs: true, declaresTests: false }),
    ]);
  });
});

describe('<!-- given: scene -->: the names a block is given', () => {
  test('the marker names the scene of the block after it', () => {
    const [block] = snippetsOf(['<!-- given: booking -->', '```ts', 'expect(result).toCallTool("book")', '```'].join('\n'));
    expect(block).toMatchObject({ line: 2, given: 'booking' });
    expect(block).not.toHaveProperty('notRun');
  });

  test('a block gets the names it uses, not those it declares, imports, reads as a property or only mentions in a comment', () => {
    const code = [
      "import { trajectory } from 'tool-call-accuracy'",
      'const result = await generateText({ model, tools })',
      'const { mean, min } = await scoreRuns(runs)',
      'expect(trajectory(result)).toMatchSnapshot() // the agent, as a comment',
      'expect(payment.steps).toBeDefined()',
      'storage.agent',
    ].join('\n');
    const used = ['trajectory', 'result', 'model', 'tools', 'mean', 'scoreRuns', 'runs', 'payment', 'agent', 'generateText'].filter((name) => usesFreely(code, name));
    expect(used).toEqual(['model', 'tools', 'scoreRuns', 'runs', 'payment', 'generateText']);
  });
});

describe('the blocks of README.md and docs/*.md', () => {
  test('at most five are not run, each saying why', () => {
    const pages = ['README.md', ...readdirSync('docs').filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];
    const notRun = pages.flatMap((page) => snippetsOf(readFileSync(page, 'utf8')).filter((block) => block.notRun !== undefined).map((block) => ({ at: `${page}:${block.line}`, why: block.notRun })));
    expect(notRun.length).toBeLessThanOrEqual(5);
    for (const { at, why } of notRun) expect(why, at).toMatch(/\w{3,}/);
  });
});
