import { isRecord } from '../calls/adapter.js';
import type { HttpRequestData, HttpResponseData, RecordedEvent } from './httpExchange.js';
import { jsonOrText } from '../json.js';

/**
 * A recorded HTTP exchange as a run `getToolCalls` reads, for the review of a rewritten recording:
 * the conversation the request sent (Chat Completions' and Anthropic's `messages`, the Responses
 * API's `input` items) and the answer (the JSON body, or the message a stream of events adds up
 * to). What is not one of these protocols is left out (`undefined`), never guessed at.
 */
export function httpReviewStep(request: HttpRequestData, response: HttpResponseData): { request: unknown; answer: unknown } {
  const body = isRecord(request.body) ? request.body : {};
  return { request: Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : undefined, answer: answerRun(response) };
}

function answerRun(response: HttpResponseData): unknown {
  if (response.status < 200 || response.status >= 300) return undefined;
  if (response.json !== undefined) return isRecord(response.json) && ('choices' in response.json || 'content' in response.json || 'output' in response.json) ? response.json : undefined;
  return response.events && streamedAnswer(response.events);
}

/** The whole answer a stream of events adds up to: OpenAI Responses (its completed response), Chat Completions and Anthropic Messages (assembled). */
function streamedAnswer(events: readonly RecordedEvent[]): unknown {
  const data = events.map((event) => event.data).filter(isRecord);
  const completed = data.find((item) => item.type === 'response.completed' && isRecord(item.response));
  if (completed) return completed.response;
  if (data.some((item) => item.type === 'message_start')) return anthropicMessage(data);
  if (data.some((item) => item.object === 'chat.completion.chunk')) return chatCompletion(data);
  return undefined;
}

function anthropicMessage(data: Array<Record<string, unknown>>): unknown {
  const start = data.find((item) => item.type === 'message_start')!.message;
  const content: Array<Record<string, unknown>> = [];
  const partial: string[] = [];
  for (const item of data) {
    const index = typeof item.index === 'number' ? item.index : -1;
    if (item.type === 'content_block_start' && isRecord(item.content_block)) {
      content[index] = { ...item.content_block };
      partial[index] = '';
    } else if (item.type === 'content_block_delta' && isRecord(item.delta) && content[index]) {
      const delta = item.delta;
      if (delta.type === 'text_delta') content[index]!.text = `${String(content[index]!.text ?? '')}${String(delta.text ?? '')}`;
      if (delta.type === 'input_json_delta') partial[index] += String(delta.partial_json ?? '');
    } else if (item.type === 'content_block_stop' && content[index] && partial[index]) {
      content[index]!.input = jsonOrText(partial[index]!);
    }
  }
  return { ...(isRecord(start) ? start : {}), role: 'assistant', content: content.filter(Boolean) };
}

function chatCompletion(data: Array<Record<string, unknown>>): unknown {
  let text = '';
  const calls: Array<{ id?: unknown; type: 'function'; function: { name: string; arguments: string } }> = [];
  for (const chunk of data) {
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    const delta = isRecord(choice) && isRecord(choice.delta) ? choice.delta : undefined;
    if (!delta) continue;
    if (typeof delta.content === 'string') text += delta.content;
    if (!Array.isArray(delta.tool_calls)) continue;
    for (const call of delta.tool_calls) {
      if (!isRecord(call)) continue;
      const index = typeof call.index === 'number' ? call.index : calls.length;
      const fn = isRecord(call.function) ? call.function : {};
      const found = (calls[index] ??= { type: 'function', function: { name: '', arguments: '' } });
      if (call.id !== undefined) found.id = call.id;
      if (typeof fn.name === 'string') found.function.name += fn.name;
      if (typeof fn.arguments === 'string') found.function.arguments += fn.arguments;
    }
  }
  const message = { role: 'assistant', content: text === '' ? null : text, ...(calls.length > 0 && { tool_calls: calls.filter(Boolean) }) };
  return { object: 'chat.completion', choices: [{ index: 0, message }] };
}

