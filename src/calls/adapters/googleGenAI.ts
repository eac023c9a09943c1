import { ToolCallAccuracyError } from '../../errors.js';
import type { FormatAdapter, MessageFit, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import type { CallCollector } from '../collector.js';
import { conversationText, joinedText, speakingRole } from '../conversationText.js';
import { providerCall, toolCall } from '../toolCall.js';
import { GEMINI_TOKENS, NO_MESSAGE_TOKENS, sumTokens } from '../runUsage.js';
import { conversationTurns, oneTurn } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

/** Keys of a Gemini `Part` that carry its payload (one each), and those that only describe it. */
const PAYLOAD_KEYS = ['functionCall', 'functionResponse', 'text', 'inlineData', 'fileData', 'executableCode', 'codeExecutionResult', 'toolCall', 'toolResponse', 'audioTranscription'];
const METADATA_KEYS = new Set(['thought', 'thoughtSignature', 'videoMetadata', 'partMetadata', 'mediaResolution', 'mediaProcessing', 'speechMetadata']);

const CODE_EXECUTION = 'code_execution';
/** The keys of a `Content` and of a `Part` this reader reads or knows. */
const CONTENT_KEYS = new Set(['role', 'parts']);
const PART_KEYS = new Set([...PAYLOAD_KEYS, ...METADATA_KEYS]);

/**
 * A Gemini `Part`: a record without a `type` (every other format's parts have one) that holds one
 * of `Part`'s payloads, or only its metadata (a `thoughtSignature` alone). A part with no payload
 * and a key `Part` does not have is no part this package knows.
 */
function isGeminiPart(part: unknown): boolean {
  if (!isRecord(part) || 'type' in part) return false;
  // The usual parts are told by a property read; the loop over keys only for the rest.
  if (part.functionCall !== undefined || part.functionResponse !== undefined || part.text !== undefined) return true;
  for (let index = 3; index < PAYLOAD_KEYS.length; index++) if (part[PAYLOAD_KEYS[index]!] !== undefined) return true;
  let keys = 0;
  for (const key in part) {
    if (!METADATA_KEYS.has(key)) return false;
    keys++;
  }
  return keys > 0;
}

/**
 * How a message fits: a `model` content, or one with a part only Gemini writes (no `type`, a key of
 * `Part`), shows the format; a `user` content with untyped parts fits it.
 */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  const parts = message.parts;
  if (!Array.isArray(parts) || 'content' in message || 'type' in message) return undefined;
  if (message.role !== 'model' && message.role !== 'user' && message.role !== 'function') return undefined;
  let untyped = true;
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (isGeminiPart(part)) return 'evidence';
    if (!isRecord(part) || 'type' in part) untyped = false;
  }
  return message.role === 'model' ? 'evidence' : untyped ? 'fits' : undefined;
}

/** A `GenerateContentResponse`, the class or its JSON: `candidates` with `content` or a `finishReason`, or a blocked prompt's `promptFeedback`. */
function isGeminiResponse(value: unknown): value is UnknownRecord {
  if (!isRecord(value) || 'role' in value) return false;
  const candidates: unknown = value.candidates;
  if (Array.isArray(candidates) && candidates.length > 0) return candidates.every((candidate) => isRecord(candidate) && ('content' in candidate || 'finishReason' in candidate));
  // A blocked prompt gets no candidates, and says why.
  return isRecord(value.promptFeedback);
}

const PARTS = 'text, functionCall, functionResponse, executableCode, codeExecutionResult, toolCall, toolResponse, inlineData, fileData, thoughtSignature';

/** Where part `part` of the content at `at` of `run` is, for errors: made only when there is one. */
const partWhere = (run: unknown, at: number, part: number) => `${whereIs(run, at)}, part ${part + 1}`;

function readContent(content: UnknownRecord, run: unknown, at: number, calls: CallCollector): void {
  const parts = content.parts;
  if (parts === undefined) return; // a model turn that returned nothing (the SDK records { role: 'model', parts: [] } or no parts)
  if (!Array.isArray(parts)) throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its ${whereIs(run, at)} has parts that are not a list; pass a Content as @google/genai gives it ({ role, parts: [...] }).`);
  refuseCallKeys(FORMAT, () => whereIs(run, at), content, CONTENT_KEYS);
  const fromModel = content.role === 'model';
  if (fromModel) calls.beginStep();
  for (let index = 0; index < parts.length; index++) {
    const part: unknown = parts[index];
    if (!isGeminiPart(part)) refuseUnknown(FORMAT, partWhere(run, at, index), part, PARTS);
    refuseCallKeys(FORMAT, () => partWhere(run, at, index), part as UnknownRecord, PART_KEYS);
    readPart(part as UnknownRecord, run, at, index, fromModel, calls);
  }
}

const nameOf = (toolName: unknown) => (isNonEmptyString(toolName) ? toolName : undefined);

function readPart(part: UnknownRecord, run: unknown, at: number, index: number, fromModel: boolean, calls: CallCollector): void {
  const call = part.functionCall;
  if (isRecord(call)) {
    if (call.partialArgs !== undefined || call.willContinue === true) {
      throw new ToolCallAccuracyError(
        `reading the run as ${FORMAT}: its ${partWhere(run, at, index)} is a streamed piece of a functionCall (partialArgs/willContinue): its arguments are not whole. Pass the assembled response or chat.getHistory() instead.`,
      );
    }
    if (!isNonEmptyString(call.name)) throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its ${partWhere(run, at, index)} is a functionCall with no name; a call without a tool name cannot be read.`);
    if (fromModel) calls.add(toolCall(call.name, call.args ?? {}, call.id));
    return;
  }
  const response = part.functionResponse;
  if (isRecord(response)) {
    if (response.willContinue === true) return; // a non-blocking function's interim answer: its last response has the result
    const body = response.response;
    // Paired by `id` where it has one, else with the earliest unanswered call of its tool: Gemini's parallel calls come without ids.
    const failed = isRecord(body) && body.error !== undefined && body.error !== null;
    calls.answer(response.id, failed ? body.error : isRecord(body) && 'output' in body ? body.output : (body ?? response.parts), failed, nameOf(response.name));
    return;
  }
  const code = part.executableCode;
  if (isRecord(code)) {
    if (fromModel) calls.add(providerCall(toolCall(CODE_EXECUTION, { ...(code.language !== undefined && { language: code.language }), code: code.code }, code.id)));
    return;
  }
  const result = part.codeExecutionResult;
  if (isRecord(result)) {
    const ok = result.outcome === 'OUTCOME_OK';
    calls.answer(result.id, ok ? result.output : { outcome: result.outcome, output: result.output }, !ok, CODE_EXECUTION);
    return;
  }
  const builtIn = part.toolCall;
  if (isRecord(builtIn)) {
    if (fromModel) calls.add(providerCall(toolCall(isNonEmptyString(builtIn.toolType) ? builtIn.toolType : 'TOOL_TYPE_UNSPECIFIED', builtIn.args ?? {}, builtIn.id)));
    return;
  }
  const builtInResponse = part.toolResponse;
  if (isRecord(builtInResponse)) calls.output(builtInResponse.id, builtInResponse.response, nameOf(builtInResponse.toolType));
}

/** The response's contents in order: its automatic function calling history, then its answer. */
function responseContents(response: UnknownRecord): readonly unknown[] {
  const candidates = response.candidates as unknown[] | undefined;
  if (candidates && candidates.length > 1) {
    throw new ToolCallAccuracyError(
      `received a GenerateContentResponse with ${candidates.length} candidates: each is another answer to the same request, so the run's calls are not one list. ` +
        'Pass the candidate you mean: response.candidates[i].content (a Content).',
    );
  }
  const history = Array.isArray(response.automaticFunctionCallingHistory) ? (response.automaticFunctionCallingHistory as unknown[]) : [];
  const answer = candidates?.[0];
  return isRecord(answer) && answer.content !== undefined ? [...history, answer.content] : history;
}

/** The contents of any accepted value. */
function contentsOf(value: unknown): readonly unknown[] {
  if (isGeminiResponse(value)) return responseContents(value);
  return Array.isArray(value) ? value : [value];
}

/** Where the content at `index` of `value` is, for errors. */
function whereIs(value: unknown, index: number): string {
  if (!isGeminiResponse(value)) return Array.isArray(value) ? position(index) : 'Content';
  const history = value.automaticFunctionCallingHistory;
  const length = Array.isArray(history) ? history.length : 0;
  return index < length ? `automaticFunctionCallingHistory[${index}]` : 'candidates[0].content';
}

function read(value: unknown, calls: CallCollector): void {
  const contents = contentsOf(value);
  for (let index = 0; index < contents.length; index++) {
    const content = contents[index];
    if (!isRecord(content)) throw new ToolCallAccuracyError(`reading the run as ${FORMAT}: its ${whereIs(value, index)} is not a Content ({ role, parts }); pass the contents as @google/genai gives them.`);
    readContent(content, value, index, calls);
  }
}

/** A content's text, its thoughts left out. */
const textOf = (content: unknown) => (isRecord(content) ? joinedText(content.parts, (part) => part.thought !== true) : undefined);

/** The user speaks in a user content with text, which starts a turn; one of function responses is the tools answering. */
const roleOf = speakingRole('model', textOf);
const startsTurn = (content: unknown) => roleOf(content) === 'user';

function usage(value: unknown): RunUsage {
  const contents = contentsOf(value);
  const steps = contents.filter((content) => isRecord(content) && content.role === 'model').length;
  if (!isGeminiResponse(value)) return { steps, lacking: { tokens: NO_MESSAGE_TOKENS } };
  // Automatic function calling returns the last model call's response: its usageMetadata counts that call only.
  if (steps > 1) return { steps, lacking: { tokens: `its usageMetadata counts only the last of its ${steps} model calls (automatic function calling keeps no other)` } };
  return { steps: 1, ...sumTokens([value.usageMetadata], GEMINI_TOKENS, () => 'the response') };
}

const FORMAT = 'google-genai';

/**
 * Google Gen AI (`@google/genai`): a `GenerateContentResponse` (with its `automaticFunctionCallingHistory`)
 * and `Content[]` histories. Calls are a model content's `functionCall` parts; a `functionResponse`'s
 * `response.error` is a failure, `response.output` the result, and a `response` with neither the
 * result as a whole (`mcpToTool`). Built-in tools are `providerExecuted` calls: `executableCode`
 * (`code_execution`, answered by `codeExecutionResult`) and `toolCall` parts (named by `toolType`).
 * Read or refuse: a part with none of the keys of Gemini's `Part` is refused, naming its keys and where it is.
 */
export const googleGenAI: FormatAdapter = {
  format: FORMAT,
  shape: 'Google Gen AI: a GenerateContentResponse (with its automaticFunctionCallingHistory), or Content[] ({ role, parts: [{ functionCall }, { functionResponse }] }, chat.getHistory())',
  detect: (value, kinds) => isGeminiResponse(value) || kinds.of(value) === FORMAT,
  messages: { name: 'a Google Gen AI Content', of: messageFit },
  turns: (value) => (isGeminiResponse(value) ? oneTurn(value) : conversationTurns(value, startsTurn)),
  read,
  wrongPiece: (value) =>
    Array.isArray(value) && value.length > 0 && value.every(isGeminiResponse)
      ? 'a list of GenerateContentResponses (the chunks of generateContentStream, or separate requests), whose calls are not one run. Pass chat.getHistory() (a chat keeps streamed turns whole) or the Content[] you keep, or one response'
      : undefined,
  text: (value) => conversationText(contentsOf(value), roleOf, textOf),
  usage: {
    records: {
      steps: 'Google Gen AI: a GenerateContentResponse (one model call, plus the model turns of its automaticFunctionCallingHistory) or Content[] (one model content per call)',
      tokens: 'Google Gen AI: a GenerateContentResponse without automatic function calling (usageMetadata.promptTokenCount and candidatesTokenCount)',
    },
    read: usage,
  },
};
