/**
 * A sample of every matcher's failure messages, pinned byte for byte: a refactor of the inside
 * (issue 31) must leave what users read unchanged. Each case runs in Vitest (the text the runner
 * throws) and as Jest runs it (the matchers Jest registers, the diff written into the message, a
 * hint coloured as Jest colours it), over single runs, samples, bad arguments and values that are
 * not runs. The pinned text is __snapshots__/pinnedMessages.txt: a change to it is a change users see.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { equals, iterableEquality } from '@jest/expect-utils';
import * as jestUtils from 'jest-matcher-utils';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { jestMatchers } from '../../src/setup.js';
import type { MatcherContext, MatcherResult } from '../../src/matcherContext.js';
import { sample } from '../../src/sample/sample.js';
import { toolRefs } from '../../src/refs/toolRefs.js';
import { parallel } from '../../src/refs/parallel.js';
import { configureJudge, resetJudgeConfig } from '../../src/judge/config.js';
import { appropriateWeather, judgeModel, searchForWeather, searchForWeatherRun, weatherRun, weatherTools } from '../helpers/judgeModels.js';
import { buildRun, ourBuilders } from '../helpers/runs.js';

beforeEach(() => configureJudge({ availableTools: weatherTools, cache: { mode: 'off' } }));
afterEach(() => resetJudgeConfig());

const usageMetadata = { input_tokens: 120, output_tokens: 30, total_tokens: 150 };

/** Two model steps with outputs, a failed call, a repeated call, and hostile text in a name. */
function langchainRun() {
  return [
    new HumanMessage('Weather in Paris, then search cats'),
    new AIMessage({
      content: '',
      usage_metadata: usageMetadata,
      tool_calls: [
        { id: 'c1', name: 'weather', args: { city: 'Paris' }, type: 'tool_call' },
        { id: 'c2', name: 'search', args: { q: 'cats', page: 1 }, type: 'tool_call' },
      ],
    }),
    new ToolMessage({ content: '{"temp":21}', tool_call_id: 'c1', name: 'weather' }),
    new ToolMessage({ content: 'rate limited', tool_call_id: 'c2', name: 'search', status: 'error' }),
    new AIMessage({
      content: '',
      usage_metadata: usageMetadata,
      tool_calls: [
        { id: 'c3', name: 'search', args: { q: 'cats', page: 1 }, type: 'tool_call' },
        { id: 'c4', name: 'book\n"x"\u001b[31m', args: { when: new Date(0).toISOString(), tags: ['a', 'b'] }, type: 'tool_call' },
      ],
    }),
    new ToolMessage({ content: 'ok', tool_call_id: 'c3', name: 'search' }),
    new ToolMessage({ content: 'booked', tool_call_id: 'c4', name: 'book\n"x"\u001b[31m' }),
    new AIMessage({ content: 'Done.', usage_metadata: usageMetadata }),
  ];
}

const mastraRun = () => buildRun(ourBuilders, ['search', { toolName: 'weather', args: { city: 'Rome' } }, 'search']);
const longRun = () => buildRun(ourBuilders, Array.from({ length: 40 }, (_, index) => (index === 33 ? { toolName: 'oops', args: { n: index } } : { toolName: 'step', args: { n: index } })));

type Case = [matcher: string, args: unknown[]];

const { weather, search } = toolRefs({ weather: {}, search: {} });

/** Each matcher with arguments that fail one way or the other on the runs above, and bad arguments. */
const CASES: Case[] = [
  ['toCallTool', ['search']],
  ['toCallTool', ['book']],
  ['toCallTool', ['search', { q: 'dogs' }]],
  ['toCallTool', ['search', { q: 'cats', page: 1 }, { error: true }]],
  ['toCallTool', ['weather', expect.objectContaining({ city: expect.stringMatching(/^P/) }), { output: '{"temp":21}' }]],
  ['toCallTool', [search, undefined, { error: /limit/ }]],
  ['toCallTool', ['']],
  ['toCallTool', ['search', undefined, { approval: 'maybe' }]],
  ['toCallToolTimes', ['search', 2]],
  ['toCallToolTimes', ['search', 0]],
  ['toCallToolTimes', ['book', { min: 1, max: 3 }]],
  ['toCallToolTimes', ['search', -1]],
  ['toCallOnly', [['search', 'weather']]],
  ['toCallOnly', [[{ toolName: 'weather', input: { city: 'Rome' } }, 'search', 'search']]],
  ['toCallOnly', ['search']],
  ['toCallOnly', [[{ toolName: 'search', inptu: {} }]]],
  ['toCallToolsInOrder', [['weather', 'search']]],
  ['toCallToolsInOrder', [['search', 'weather'], { strict: true }]],
  ['toCallToolsInOrder', [[weather, { toolName: 'search', input: { q: 'cats', page: 1 }, error: true }, 'search']]],
  ['toCallToolsInOrder', [[parallel('weather', 'search'), 'search']]],
  ['toCallToolsInOrder', [Array.from({ length: 40 }, () => 'step'), { strict: true }]],
  ['toCallToolsInOrder', ['search']],
  ['toCallToolsInOrder', [['search'], { strict: 'yes' }]],
  ['toCallToolsInAnyOrder', [['search', 'weather', 'weather']]],
  ['toCallToolsInAnyOrder', [['search', { toolName: 'weather', input: { city: 'Oslo' } }]]],
  ['toCallToolsInAnyOrder', [[42]]],
  ['toCallOnlyFrom', [['search']]],
  ['toCallOnlyFrom', [['search', 'weather', 'step']]],
  ['toCallOnlyFrom', [{}]],
  ['toCallNoTools', []],
  ['toCallNoTools', ['extra']],
  ['toCallToolsWithoutErrors', []],
  ['toCallToolsWithoutErrors', [{ retries: 1 }]],
  ['toCallToolsWithoutErrors', [{ retries: -2 }]],
  ['toRepeatToolCalls', []],
  ['toRepeatToolCalls', [{ consecutive: false }]],
  ['toRepeatToolCalls', [{ consecutive: 'no' }]],
  ['toStayWithinBudget', [{ toolCalls: 2 }]],
  ['toStayWithinBudget', [{ toolCalls: 10, tokens: 100, steps: 2 }]],
  ['toStayWithinBudget', [{ tokens: -1 }]],
  ['toStayWithinBudget', [{ lunch: 1 }]],
  ['toCallToolsWithValidInputs', [{ search: { parse: (value: unknown) => value } }]],
  ['toCallToolsWithValidInputs', [42]],
];

const RUNS: Array<[label: string, run: () => unknown]> = [
  ['langchain', langchainRun],
  ['mastra', mastraRun],
  ['long', longRun],
  ['empty', () => []],
  ['not a run', () => ({ hello: 'world' })],
];

/** Jest's context as jest-matcher-utils gives it, its hint dimmed in fixed codes (Jest's colours depend on the terminal). */
function jestContext(isNot: boolean): MatcherContext {
  return {
    isNot,
    promise: '',
    customTesters: [],
    equals: (a, b, customTesters, strictCheck) => equals(a, b, [...((customTesters as never[]) ?? [iterableEquality])], strictCheck),
    utils: {
      matcherHint: (...args: Parameters<typeof jestUtils.matcherHint>) => `\u001b[2m${plain(jestUtils.matcherHint(...args))}\u001b[22m`,
      printExpected: (value: unknown) => plain(jestUtils.printExpected(value)),
      printReceived: (value: unknown) => plain(jestUtils.printReceived(value)),
      diff: (a: unknown, b: unknown) => plain(jestUtils.diff(a, b) ?? ''),
      matcherErrorMessage: jestUtils.matcherErrorMessage,
    },
  };
}

/**
 * Colour codes made visible. The list of formats a refused value gets is the readers' (calls/), not
 * the matchers', and grows with each format: it is pinned as one line.
 */
const escape = (text: string) => text.replace(/\u001b/g, '<ESC>').replace(/(Accepted shapes:)(\n  - .*)+/g, '$1 (the formats calls/ reads)');

/** What the runner would print: the failure's message, or the error thrown; `passed` when it held. */
async function vitestOutcome(run: unknown, isNot: boolean, matcher: string, args: unknown[]): Promise<string> {
  try {
    const target = isNot ? expect(run).not : expect(run);
    await (target as unknown as Record<string, (...a: unknown[]) => unknown>)[matcher]!(...args);
    return 'passed';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

async function jestOutcome(run: unknown, isNot: boolean, matcher: string, args: unknown[]): Promise<string> {
  const ctx = jestContext(isNot);
  try {
    const returned = (jestMatchers as unknown as Record<string, (...a: unknown[]) => MatcherResult | Promise<MatcherResult>>)[matcher]!.call(ctx, run, ...args);
    // As Jest does, an async matcher's promise gets one `.then` of the runner's before the test awaits it.
    const result = await ('then' in returned ? returned.then((settled) => settled) : returned);
    return result.pass === isNot ? result.message() : 'passed';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

async function outcomes(label: string, run: () => unknown, cases: readonly Case[]): Promise<string[]> {
  const sections: string[] = [];
  for (const [matcher, args] of cases) {
    for (const isNot of [false, true]) {
      const title = `### ${label}: ${isNot ? '.not.' : ''}${matcher}(${args.map((arg) => String(typeof arg === 'object' && arg !== null ? (Array.isArray(arg) ? `[${arg.length}]` : '{…}') : JSON.stringify(arg))).join(', ')})`;
      const vitest = await vitestOutcome(run(), isNot, matcher, args);
      const jest = await jestOutcome(run(), isNot, matcher, args);
      sections.push(`${title}\n--- vitest\n${escape(vitest)}\n--- jest\n${escape(jest)}`);
    }
  }
  return sections;
}

it('the failure messages of every matcher, over runs, samples and bad input, are as pinned', async () => {
  const sections: string[] = [];
  for (const [label, run] of RUNS) sections.push(...(await outcomes(label, run, CASES)));

  // Samples: every deterministic matcher over three runs (one thrown), and a bad argument or run inside one.
  const runs = await sample([langchainRun(), mastraRun(), Promise.reject(new Error('agent crashed'))] as unknown[], { minPassRate: 0.6 });
  sections.push(...(await outcomes('sample', () => runs, CASES)));

  // The judge: a verdict that fails, one that passes under .not, a bad option, and over a sample.
  const judge = (verdict: unknown) => [['toUseAppropriateTools', [{ model: judgeModel(verdict) }]]] as Case[];
  sections.push(...(await outcomes('judge weather', weatherRun, judge(appropriateWeather))));
  sections.push(...(await outcomes('judge search', searchForWeatherRun, judge(searchForWeather))));
  sections.push(...(await outcomes('judge bad option', weatherRun, [['toUseAppropriateTools', [{ threshold: 2 }]]])));
  sections.push(...(await outcomes('judge no verdict', weatherRun, judge('not json at all'))));
  const judged = await sample([weatherRun(), searchForWeatherRun()], { minPassRate: 1 });
  sections.push(...(await outcomes('judge sample', () => judged, judge(searchForWeather))));
  sections.push(...(await outcomes('judge sample no verdict', () => judged, judge('not json at all'))));
  const badRun = await sample([weatherRun(), 42], { minPassRate: 0.5 });
  sections.push(...(await outcomes('sample with a bad run', () => badRun, [['toCallTool', ['search']], ...judge(appropriateWeather)])));

  await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot('./__snapshots__/pinnedMessages.txt');
});
