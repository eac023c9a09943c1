import { describeValue } from '../calls/describe.js';
import { detectFormat } from '../calls/getToolCalls.js';
import { getRunText } from '../calls/getRunText.js';
import { ToolCallAccuracyError } from '../errors.js';

/**
 * What the user asked, for the judge: their text, or the messages the agent was given, in any
 * message format `getToolCalls` reads (the last user message is the request).
 */
export type JudgeRequestInput = string | readonly unknown[] | object;

/** Who asks for the request, so the error shows the user the option they would write. */
export type RequestAsker = 'matcher' | 'scorer';

/**
 * The user's request the judge decides against: the `request` option when given, else what the run
 * records (Mastra input messages, message arrays, LangChain state, and an AI SDK result whose first
 * step's provider request body holds messages this package reads). Throws, before any model call,
 * when there is none: a verdict on tool use without the request would be a guess.
 */
export function resolveRequest(option: JudgeRequestInput | undefined, run: unknown, asker: RequestAsker): string {
  if (option !== undefined) return requestFromOption(option, asker);
  const request = getRunText(run).request ?? requestFromProviderBody(run);
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
 * The request of an AI SDK run from its first step's `request.body`: what the provider was sent,
 * before any tool result joined the conversation. Read only when the body holds messages in a
 * format this package reads (OpenAI Chat and compatible providers, Anthropic, OpenAI Responses);
 * other providers' bodies, and AI SDK 4's JSON string bodies that do not parse, give nothing.
 */
function requestFromProviderBody(run: unknown): string | undefined {
  const body = providerBody(run);
  if (typeof body !== 'object' || body === null) return undefined;
  const { messages, input } = body as { messages?: unknown; input?: unknown };
  if (Array.isArray(messages)) return readableRequest(messages);
  if (typeof input === 'string') return input; // OpenAI Responses takes the user's text as a bare string
  if (Array.isArray(input)) return readableRequest(input);
  return undefined;
}

function providerBody(run: unknown): unknown {
  const first = firstStep(run);
  const request = (isObject(first) ? first.request : undefined) ?? (isObject(run) && !Array.isArray(run) ? run.request : undefined);
  const body = isObject(request) ? request.body : undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown; // AI SDK 4 keeps the body as JSON text
  } catch {
    return undefined;
  }
}

function firstStep(run: unknown): unknown {
  if (Array.isArray(run)) return run[0];
  return isObject(run) && Array.isArray(run.steps) ? run.steps[0] : undefined;
}

function readableRequest(messages: readonly unknown[]): string | undefined {
  if (messages.length === 0 || detectFormat(messages) === undefined) return undefined;
  return getRunText(messages).request;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function missingRequestMessage(run: unknown, asker: RequestAsker): string {
  const pass =
    asker === 'matcher'
      ? [
          '  await expect(result).toUseAppropriateTools({ request: "Book a flight from SFO to JFK" })',
          'or the messages the agent was given (any message format this package reads):',
          '  await expect(result).toUseAppropriateTools({ request: messages })',
        ]
      : [
          '  createToolCallAccuracyScorerLLM({ model, availableTools, request: "Book a flight from SFO to JFK" })',
          'or per run, the text or the messages the agent was given:',
          '  await scorer.run(result, { request: messages })',
        ];
  return [
    `the judge needs the user's request to decide whether the tools suited it, and ${describeValue(run)} does not record one.`,
    'An AI SDK result holds the calls but not the prompt (its first step\'s request body is read only for providers whose messages this package reads). Pass the request:',
    ...pass,
  ].join('\n');
}
