import { isRecord } from '../calls/adapter.js';
import { getToolCalls } from '../calls/getToolCalls.js';
import { hashKey, sameData } from '../store/keys.js';
import type { ToolCall } from '../types.js';
import type { HttpRequestData, HttpResponseData } from './httpExchange.js';
import { httpReviewStep } from './httpRuns.js';

/** The calls a recording's answers make, as `getToolCalls` reads them; `unread` says why they could not be read. */
export interface RecordedCalls {
  calls: RecordedCall[];
  /** A digest of the recording's whole data, so that a change of text alone shows. */
  text: string;
  unread?: string;
}

export interface RecordedCall {
  toolName: string;
  input: unknown;
  /** The call's output or error, when a later request of the recording carries it. */
  outcome?: { output: unknown } | { error: unknown };
}

/**
 * One recorded step as the review reads it: the conversation the request sent (a run format
 * `getToolCalls` reads, or undefined) and the answer (likewise).
 */
export interface ReviewStep {
  request: unknown;
  answer: unknown;
}

/**
 * The calls of a recording file's text (`{ "test", "steps" }`, as the store writes it): each step
 * read by its kind (an HTTP exchange of recordedFetch, a model step of recordedModel).
 */
export function recordingCalls(text: string): RecordedCalls {
  let steps: unknown;
  try {
    steps = (JSON.parse(text) as { steps?: unknown }).steps;
  } catch (error) {
    return { calls: [], text: '', unread: `not JSON (${(error as Error).message})` };
  }
  if (!Array.isArray(steps)) return { calls: [], text: '', unread: 'no "steps" list' };
  return recordedCalls(steps.map(reviewStep), steps);
}

/** One stored step as the review reads it, by its fields. */
function reviewStep(step: unknown): ReviewStep {
  const { request, response, stream } = (step ?? {}) as { request?: unknown; response?: unknown; stream?: unknown };
  if (isRecord(request) && typeof request.method === 'string' && isRecord(response) && typeof response.status === 'number') {
    return httpReviewStep(request as unknown as HttpRequestData, response as unknown as HttpResponseData);
  }
  // recordedModel's step: the prompt it sent (model messages), and the content it answered (or the tool calls of its stream).
  const prompt = isRecord(request) && Array.isArray(request.prompt) ? request.prompt : undefined;
  const content = isRecord(response) && Array.isArray(response.content) ? response.content : Array.isArray(stream) ? stream.filter((part) => isRecord(part) && part.type === 'tool-call') : undefined;
  return { request: prompt, answer: content };
}

/**
 * The calls a recording's answers make, in order, read by the package's own `getToolCalls`: each
 * answer's calls, with the outcome a later request of the same recording reports for the same call
 * id (a tool's output or error goes back to the model in the next request). `text` digests the
 * whole recording, so a rewrite that changed only text is told from one that changed nothing.
 */
export function recordedCalls(steps: readonly ReviewStep[], whole: unknown): RecordedCalls {
  const text = hashKey(whole).slice(0, 16);
  try {
    const outcomes = new Map<string, RecordedCall['outcome']>();
    for (const step of steps) {
      for (const call of readCalls(step.request)) {
        if (call.toolCallId === undefined) continue;
        if (call.error !== undefined) outcomes.set(call.toolCallId, { error: call.error });
        else if (call.output !== undefined) outcomes.set(call.toolCallId, { output: call.output });
      }
    }
    const calls: RecordedCall[] = [];
    for (const step of steps) {
      for (const call of readCalls(step.answer)) {
        const outcome = call.toolCallId === undefined ? undefined : outcomes.get(call.toolCallId);
        calls.push({ toolName: call.toolName, input: call.input, ...(outcome && { outcome }) });
      }
    }
    return { calls, text };
  } catch (error) {
    return { calls: [], text, unread: (error as Error).message };
  }
}

/** No conversation, or an empty one, has no calls (getToolCalls refuses an empty list as "not a run"). */
function readCalls(run: unknown): ToolCall[] {
  return run === undefined || (Array.isArray(run) && run.length === 0) ? [] : getToolCalls(run);
}

/** What a rewrite changed of what the agent did, in words; empty when the calls are the same (only text, or nothing, changed). */
export function callChanges(before: RecordedCalls, after: RecordedCalls): string[] {
  if (before.unread !== undefined || after.unread !== undefined) return before.text === after.text ? [] : ['the answers (their calls could not be read)'];
  const names = (calls: RecordedCall[]) => calls.map((call) => call.toolName);
  const changes: string[] = [];
  const [old, now] = [names(before.calls), names(after.calls)];
  if (!sameData([...old].sort(), [...now].sort())) changes.push('tool names');
  else if (!sameData(old, now)) changes.push('order');
  if (changes.length > 0) return changes; // inputs and outcomes of other calls cannot be paired
  if (before.calls.some((call, index) => !sameData(call.input, after.calls[index]!.input))) changes.push('inputs');
  if (before.calls.some((call, index) => !sameData(call.outcome ?? null, after.calls[index]!.outcome ?? null))) changes.push('outcomes');
  return changes;
}
