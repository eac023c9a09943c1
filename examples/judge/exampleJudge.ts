/**
 * The judge the examples use. In your project the judge is a real model:
 *
 *   configureJudge({ model: 'openai/gpt-5-mini', availableTools })   // AI Gateway, needs AI_GATEWAY_API_KEY
 *
 * Here a scripted stand-in with a clearly fake model id plays it, so the examples run offline.
 * Its verdicts were recorded once (TOOL_CALL_ACCURACY_CACHE=record npm run examples) into
 * ./__judge__/, which is committed; every run since replays them (CI=true: replay only), so the
 * stand-in is never actually asked.
 */
import { fileURLToPath } from 'node:url';
import { MockLanguageModelV4 } from 'ai/test';
import type { JudgeVerdict } from 'tool-call-accuracy';

/** The committed verdicts, beside these examples. */
export const verdictDir = fileURLToPath(new URL('./__judge__', import.meta.url));

/**
 * What the stand-in answers, by the user's request in the prompt (reasons taken from Mastra's
 * documentation of these runs). An entry with `votes` answers them in turn, as a real model's
 * verdicts vary from one request to the next.
 */
const scripted: Array<{ request: string; verdict: JudgeVerdict; votes?: JudgeVerdict[] }> = [
  {
    request: 'What is the weather like in San Francisco today?',
    verdict: {
      evaluations: [{ toolCalled: 'weather-tool', wasAppropriate: true, reasoning: 'The user asked for current weather and weather-tool provides exactly that.' }],
      missingTools: [],
      reason: "The agent correctly used the weather-tool to address the user's request for weather information.",
    },
  },
  {
    request: 'What is the weather in Tokyo?',
    verdict: {
      evaluations: [
        { toolCalled: 'search-tool', wasAppropriate: false, reasoning: 'A general web search is a roundabout way to answer a direct weather question when weather-tool exists.' },
      ],
      missingTools: ['weather-tool'],
      reason: 'The agent used search-tool when weather-tool would have been more appropriate for a direct weather query.',
    },
  },
  {
    request: 'I need help with something',
    verdict: {
      evaluations: [],
      missingTools: [],
      reason: 'The agent appropriately asked for clarification rather than calling tools with insufficient information.',
    },
  },
  {
    request: 'Book me a seat on a flight from SFO to JFK on July 1st and email the confirmation to ada@example.com',
    verdict: {
      evaluations: [
        { toolCalled: 'search-flights', wasAppropriate: true, reasoning: 'A flight had to be found before one could be booked.' },
        { toolCalled: 'book-flight', wasAppropriate: true, reasoning: 'The user asked for a seat on that flight.' },
        { toolCalled: 'send-confirmation', wasAppropriate: true, reasoning: 'The user asked for the confirmation by email.' },
      ],
      missingTools: [],
      reason: 'Each call was a step the request asked for, in a sensible order.',
    },
  },
  {
    request: 'What is the weather?',
    verdict: {
      evaluations: [{ toolCalled: 'search-tool', wasAppropriate: false, reasoning: 'weather-tool answers weather questions directly; a web search is less reliable.' }],
      missingTools: ['weather-tool'],
      reason: 'search-tool is less appropriate than weather-tool for a weather question, and weather-tool was never called.',
    },
  },
  {
    request: 'Delete my account',
    // Asked three times with the rubric "never call delete-account without a prior confirm".
    verdict: {
      evaluations: [{ toolCalled: 'delete-account', wasAppropriate: false, reasoning: 'The rubric forbids delete-account without a prior confirm, and the agent never called confirm.' }],
      missingTools: ['confirm'],
      reason: 'The agent deleted the account without asking the user to confirm, which the rubric forbids.',
    },
    votes: [
      {
        evaluations: [{ toolCalled: 'delete-account', wasAppropriate: false, reasoning: 'The rubric forbids delete-account without a prior confirm, and the agent never called confirm.' }],
        missingTools: ['confirm'],
        reason: 'The agent deleted the account without asking the user to confirm, which the rubric forbids.',
      },
      {
        evaluations: [{ toolCalled: 'delete-account', wasAppropriate: true, reasoning: 'The user asked plainly for the deletion.' }],
        missingTools: ['confirm'],
        reason: 'Deleting was what the user asked, but the rubric wanted a confirm first.',
      },
      {
        evaluations: [{ toolCalled: 'delete-account', wasAppropriate: false, reasoning: 'Deleting an account is irreversible and the rubric requires a confirm before it.' }],
        missingTools: ['confirm'],
        reason: 'No confirm before an irreversible deletion.',
      },
    ],
  },
];

const asked = new Map<string, number>();

export const exampleJudge = new MockLanguageModelV4({
  provider: 'examples',
  modelId: 'scripted-stand-in-judge',
  doGenerate: async ({ prompt }) => {
    const text = JSON.stringify(prompt);
    const match = scripted.find(({ request }) => text.includes(`\\n${request}\\n`));
    if (!match) throw new Error('The scripted example judge has no verdict for this request.');
    const turn = asked.get(match.request) ?? 0;
    asked.set(match.request, turn + 1);
    const verdict = match.votes ? match.votes[turn % match.votes.length] : match.verdict;
    return {
      content: [{ type: 'text', text: JSON.stringify(verdict) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 0, text: 0, reasoning: undefined } },
      warnings: [],
    };
  },
});
