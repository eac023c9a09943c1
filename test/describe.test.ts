import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { describe, expect, test } from 'vitest';
import { describeValue, withArticle } from '../src/describe.js';
import { toolRefs } from '../src/index.js';

describe('withArticle: the indefinite article as the word is said', () => {
  test.each([
    ['AIMessage', 'an AIMessage'],
    ['HumanMessage', 'a HumanMessage'],
    ['UIMessage', 'a UIMessage'],
    ['HTTPError', 'an HTTPError'],
    ['LLMResult', 'an LLMResult'],
    ['object', 'an object'],
    ['number', 'a number'],
    ['ai-sdk-result', 'an ai-sdk-result'],
    ['openai-chat', 'an openai-chat'],
    ['mastra-run', 'a mastra-run'],
    ['undefined', 'an undefined'],
    ['user', 'a user'],
    ['unit', 'a unit'],
    ['hour', 'an hour'],
    ['Error', 'an Error'],
  ])('%s → %s', (word, said) => {
    expect(withArticle(word)).toBe(said);
  });

  test("a class instance's description: a real LangChain message", () => {
    expect(describeValue(new AIMessage('Hi'))).toMatch(/^an AIMessage object with keys \{/);
    expect(describeValue(new HumanMessage('Hi'))).toMatch(/^a HumanMessage object with keys \{/);
  });

  test("toolRefs' error about a tool that is not one", () => {
    expect(() => toolRefs({ search: 1 } as never)).toThrow('"search" is a number, not a tool');
  });
});
