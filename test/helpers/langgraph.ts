/**
 * Real LangGraph runs for tests: `createReactAgent` from @langchain/langgraph with a chat model that
 * streams a script of `AIMessageChunk`s (tool calls as `tool_call_chunks`, their arguments split over
 * chunks, as providers stream them) through LangChain's own streaming path, so that
 * `graph.stream(…, { streamMode: 'messages' })` yields the chunks LangGraph yields for a real model.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { ChatGenerationChunk } from '@langchain/core/outputs';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { tool } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

/** One streamed piece of a model response: text, and pieces of tool calls (`index` joins the pieces of one call). */
export interface ScriptedChunk {
  content?: string;
  tool_call_chunks?: Array<{ index: number; id?: string; name?: string; args?: string }>;
  usage_metadata?: { input_tokens: number; output_tokens: number; total_tokens: number };
}

/** A chat model that answers each call with the next response of its script, streamed chunk by chunk. */
export class ScriptedChunkModel extends BaseChatModel {
  private at = 0;

  constructor(private readonly responses: ScriptedChunk[][]) {
    super({});
  }

  _llmType(): string {
    return 'scripted-chunks';
  }

  // createReactAgent binds its tools; the script already says which to call.
  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    let whole: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) whole = whole ? whole.concat(chunk) : chunk;
    const message = whole!.message as AIMessageChunk;
    return { generations: [{ message: new AIMessage({ content: message.content, tool_calls: message.tool_calls, id: message.id, usage_metadata: message.usage_metadata }), text: whole!.text }] };
  }

  override async *_streamResponseChunks(_messages: BaseMessage[], _options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const response = this.responses[this.at++] ?? [{ content: 'Done.' }];
    for (const fields of response) {
      const chunk = new ChatGenerationChunk({ message: new AIMessageChunk({ content: fields.content ?? '', tool_call_chunks: fields.tool_call_chunks ?? [], ...(fields.usage_metadata && { usage_metadata: fields.usage_metadata }) }), text: fields.content ?? '' });
      yield chunk;
      await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

export const searchTool = tool(async ({ q }: { q: string }) => `found ${q}`, { name: 'search', description: 'Searches the web.', schema: z.object({ q: z.string() }) });
export const bookTool = tool(async ({ flight, seat }: { flight: string; seat?: string }) => `booked ${flight}${seat ? ` ${seat}` : ''}`, {
  name: 'book',
  description: 'Books a flight.',
  schema: z.object({ flight: z.string(), seat: z.string().optional() }),
});

/** A ReAct agent over the script, with a checkpointer so that a thread can go on over several turns. */
export function scriptedAgent(responses: ScriptedChunk[][]) {
  return createReactAgent({ llm: new ScriptedChunkModel(responses), tools: [searchTool, bookTool], checkpointSaver: new MemorySaver() });
}

/** Every chunk of `agent.stream(input, { streamMode })`, in order. */
export async function streamed(agent: ReturnType<typeof scriptedAgent>, content: string, streamMode: 'messages' | 'values' | 'updates' | 'debug', thread = 't1'): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of await agent.stream({ messages: [{ role: 'user', content }] }, { streamMode, configurable: { thread_id: thread } })) chunks.push(chunk);
  return chunks;
}

/** A call's arguments, as JSON text cut into pieces at `cuts` (positions in the text), the first piece with the call's id and name. */
export function splitCall(index: number, id: string, name: string, args: unknown, cuts: readonly number[]): ScriptedChunk[] {
  const text = JSON.stringify(args);
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b).filter((cut) => cut > 0 && cut < text.length);
  const pieces = [0, ...points].map((start, at, all) => text.slice(start, all[at + 1] ?? text.length));
  return pieces.map((args, at) => ({ tool_call_chunks: [at === 0 ? { index, id, name, args } : { index, args }] }));
}
