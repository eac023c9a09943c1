import { MockLanguageModelV4 } from 'ai/test';
import { appropriateWeather, clarification, searchForWeather, textResult } from '../../helpers/judgeModels.js';

/**
 * A mock judge that answers by the request it is shown (appropriate for the weather runs, not
 * for the web search in Tokyo, fine for a clarification), whatever order runs reach it in.
 * `highest` is the most requests it had in flight at once.
 */
export function judgeByRequest(options: { delayMs?: number } = {}) {
  let active = 0;
  const model = new MockLanguageModelV4({
    provider: 'test-judge',
    modelId: 'by-request',
    doGenerate: async ({ prompt }) => {
      model.highest = Math.max(model.highest, ++active);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      active--;
      const text = JSON.stringify(prompt);
      const verdict = text.includes('Tokyo') ? searchForWeather : text.includes('help with something') ? clarification : appropriateWeather;
      return textResult(JSON.stringify(verdict));
    },
  }) as MockLanguageModelV4 & { highest: number };
  model.highest = 0;
  return model;
}
