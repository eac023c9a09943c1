import { describeValue } from '../describe.js';
import { detectFormat } from '../calls/detect.js';
import { getRunText } from '../calls/getRunText.js';
import { ToolCallAccuracyError } from '../errors.js';
import { jsonOrText } from '../json.js';

/**
 * What the user asked, for the judge: their text, or the messages the agent was given, in any
 * message format `getToolCalls` reads (the last user message is the request).
 */
export type JudgeRequestInput = string | readonly unknown[] | object;

/** Who asks for the request, so the error shows the user the option they would write. */
export type RequestAsker = 'matcher' | 'scorer';

/**
 * The user's request the judge decides against: the `request` option when given, else what the run records.
 * Throws, before any model call, when there is none: a verdict on tool use without the request would be a guess.
 */
export function resolveRequest(option: JudgeRequestInput | undefined, run: unknown, asker: RequestAsker): string {
  if (option !== undefined) return requestFromOption(option, asker);
  const request = getRunText(run).request ?? requestFromFirstStep(run);
  if (request !== undefined && request.trim() !== '') return request;
  throw new ToolCallAccuracyError(missingRequestMessage(run, asker));
}

function requestFromOption(option: JudgeRequestInput, asker: RequestAsker): string {
  if (typeof option === 'string') {
    if (option.trim() !== '') return option;
    throw new ToolCallAccuracyError(`${optionName(asker)} is an empty string; pass the text the user sent the agent.`);
  }
  if (typeof option !== 'object' || option === null || detectFormat(option) === undefined) {
    throw new ToolCallAccuracyError(
      `${optionName(asker)} must be the user's text or the messages the agent was given; received ${describeValue(option)}.`,
    );
  }
  const request = getRunText(option).request;
  if (request !== undefined && request.trim() !== '') return request;
  throw new ToolCallAccuracyError(
    `${optionName(asker)} holds no user message with text (received ${describeValue(option)}); pass the messages including the user's, or the user's text itself.`,
  );
}

const optionName = (asker: RequestAsker) => (asker === 'matcher' ? 'options.request' : 'the scorer option request');

/**
 * The request of an AI SDK run from its first step's `request`: the model messages (AI SDK 7 with
 * `include: { requestMessages: true }`), else the provider's body when it holds messages this package reads.
 */
function requestFromFirstStep(run: unknown): string | undefined {
  const request = stepRequest(run);
  if (!isObject(request)) return undefined;
  if (Array.isArray(request.messages)) {
    const fromMessages = readableRequest(request.messages);
    if (fromMessages !== undefined) return fromMessages;
  }
  // Most providers keep the body as the JSON text they sent.
  const body = typeof request.body === 'string' ? jsonOrText(request.body) : request.body;
  if (!isObject(body)) return undefined;
  const { messages, input } = body as { messages?: unknown; input?: unknown };
  if (Array.isArray(messages)) return readableRequest(messages);
  if (typeof input === 'string') return input; // OpenAI Responses takes the user's text as a bare string
  if (Array.isArray(input)) return readableRequest(input);
  return undefined;
}

function stepRequest(run: unknown): unknown {
  const first = Array.isArray(run) ? run[0] : isObject(run) && Array.isArray(run.steps) ? run.steps[0] : undefined;
  return (isObject(first) ? first.request : undefined) ?? (isObject(run) && !Array.isArray(run) ? run.request : undefined);
}

function readableRequest(messages: readonly unknown[]): string | undefined {
  if (messages.length === 0 || detectFormat(messages) === undefined) return undefined;
  return getRunText(messages).request;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const AI_SDK_RUNS = new Set(['ai-sdk-result', 'ai-sdk-steps', 'ai-sdk-parts', 'ai-sdk-4']);

function missingRequestMessage(run: unknown, asker: RequestAsker): string {
  const aiSdk = AI_SDK_RUNS.has(detectFormat(run)?.format ?? '');
  const what = aiSdk ? 'this AI SDK result' : describeValue(run);
  const why = aiSdk
    ? [
        "An AI SDK result keeps the prompt only in its first step's request: with AI SDK 7 when generateText is given",
        'include: { requestMessages: true }, or as a provider request body in messages this package reads.',
      ]
    : [];
  const pass =
    asker === 'matcher'
      ? [
          'Pass the request, the user\'s text:',
          '  await expect(result).toUseAppropriateTools({ request: "Book a flight from SFO to JFK" })',
          'or the messages the agent was given (any message format this package reads):',
          '  await expect(result).toUseAppropriateTools({ request: messages })',
        ]
      : [
          'Pass the request, the user\'s text or the messages the agent was given, to the scorer or to each run:',
          '  createToolCallAccuracyScorerLLM({ model, availableTools, request: "Book a flight from SFO to JFK" })',
          '  await scorer.run(result, { request: messages })',
        ];
  return [`the judge needs the user's request to decide whether the tools suited it, and ${what} does not record one.`, ...why, ...pass].join('\n');
}
