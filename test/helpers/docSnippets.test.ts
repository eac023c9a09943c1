import { describe, expect, test } from 'vitest';
import { snippetsOf } from './docSnippets.js';

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
