import type { SDKAssistantMessage, SDKMessage, SDKResultMessage, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { ToolCallAccuracyError } from '../../errors.js';
import type { FormatAdapter, MessageFit, RunText, RunUsage, UnknownRecord } from '../adapter.js';
import { isNonEmptyString, isRecord } from '../adapter.js';
import { BLOCK_KEYS, blockCall, CALL_BLOCKS, isKnownBlock, isResultBlock, KNOWN_BLOCKS, MESSAGE_KEYS, QUIET_BLOCKS, readResultBlock } from '../anthropicBlocks.js';
import type { CallCollector } from '../collector.js';
import { asArray } from '../../value.js';
import { contentText, conversationText } from '../conversationText.js';
import { recordSubRun } from '../subAgents.js';
import { oneTurn } from '../turns.js';
import { position, refuseUnknown } from '../unknownParts.js';
import { refuseCallKeys } from '../callKeys.js';

/** The keys of the messages `query()` yields (0.3), of every message type, that this reader reads or knows. */
const SDK_MESSAGE_KEYS = new Set(
  ('type subtype cwd session_id tools mcp_servers model permissionMode slash_commands terminal_slash_commands apiKeySource claude_code_version output_style agents skills plugins ' +
    'capabilities analytics_disabled product_feedback_disabled served_by_anthropic uuid sandbox_enabled memory_paths original_cwd additional_directories messaging_socket_path ' +
    'fast_mode_state fast_mode_disabled_reason per_turn_effort_active ultrathink_available ultrathink_typed_raises view_mode written_at message parent_tool_use_id timestamp ' +
    'tool_use_meta tool_use_result tool_result_meta tasks task_id run_id tool_use_id description subagent_type is_backgrounded spawn_depth task_type prompt agent_id ' +
    'task_description usage last_tool_name patch status output_file summary summary_is_report duration_api_ms stop_reason total_cost_usd modelUsage permission_denials ' +
    'terminal_reason subagent_stats safety_stops is_error num_turns api_error_status result ttft_ms duration_ms ttft_stream_ms time_to_request_ms first_content_frame_ms ' +
    'queued_turn_count result_index model_usage_since_last_result origin event isSynthetic isReplay error priority errors structured_output tool_name tool_input').split(' '),
);

/** Message types `query()` yields (`SDKMessage['type']`), each read or known to hold no call. */
const MESSAGE_TYPES: ReadonlySet<string> = new Set<SDKMessage['type']>([
  'assistant', 'user', 'result', 'system', 'stream_event', 'tool_progress', 'auth_status', 'tool_use_summary', 'rate_limit_event', 'prompt_suggestion', 'conversation_reset',
]);

const FORMAT = 'claude-agent';

/** What one read shares with the sub-agent runs it finds. */
interface Context {
  readonly messages: readonly unknown[];
  /** Calls a person or a permission rule denied, by id. */
  readonly denied: ReadonlySet<string>;
  /** The ids of calls that ran a sub-agent (some message names them as its `parent_tool_use_id`). */
  readonly parents: ReadonlySet<string>;
}

/** The messages of the sub-agent the call `parent` started, read by this adapter when `within(run, 'Agent')` opens it. */
class SubAgentRun {
  constructor(readonly context: Context, readonly parent: string) {}
}

/** A message `query()` yielded: a type of `SDKMessage` with its `session_id` (a user message may leave it out, not its `parent_tool_use_id`). */
function messageFit(message: UnknownRecord): MessageFit | undefined {
  if (typeof message.type !== 'string' || !MESSAGE_TYPES.has(message.type)) return undefined;
  return typeof message.session_id === 'string' || (message.type === 'user' && 'parent_tool_use_id' in message) ? 'evidence' : undefined;
}

function contextOf(messages: readonly unknown[]): Context {
  const denied = new Set<string>();
  const parents = new Set<string>();
  for (let index = 0; index < messages.length; index++) {
    const message: unknown = messages[index];
    // Detection found every message to be one query() yields (messageFit); a value that changed since is refused here.
    if (!isRecord(message) || typeof message.type !== 'string' || !MESSAGE_TYPES.has(message.type)) refuseUnknown(FORMAT, position(index), message, MESSAGES_LIST);
    refuseCallKeys(FORMAT, () => position(index), message, SDK_MESSAGE_KEYS);
    if (isNonEmptyString(message.parent_tool_use_id)) {
      parents.add(message.parent_tool_use_id);
      // A sub-agent's message is read when its run is opened; a block no reader knows is refused here too.
      if (message.type === 'assistant' || message.type === 'user') checkBlocks(message, index);
    }
    if (message.type === 'result') {
      for (const denial of (message as unknown as SDKResultMessage).permission_denials ?? []) if (isRecord(denial) && isNonEmptyString(denial.tool_use_id)) denied.add(denial.tool_use_id);
    } else if (message.type === 'system' && message.subtype === 'permission_denied' && isNonEmptyString(message.tool_use_id)) {
      denied.add(message.tool_use_id);
    }
  }
  if (parents.size > 0) refuseOrphans(messages, parents);
  return { messages, denied, parents };
}

/** Refuses a block no reader of this format knows. */
function checkBlocks(message: UnknownRecord, index: number): void {
  const blocks = blocksOf(message, index);
  const expected = message.type === 'assistant' ? ASSISTANT_BLOCKS : USER_BLOCKS;
  for (let at = 0; at < blocks.length; at++) {
    const block: unknown = blocks[at];
    const type = isRecord(block) ? block.type : undefined;
    const known = typeof type === 'string' && (message.type === 'assistant' ? isKnownBlock(type) : QUIET_BLOCKS.has(type) || isResultBlock(type));
    if (!known) refuseUnknown(FORMAT, position(index, at, 'block'), block, expected);
    refuseCallKeys(FORMAT, () => position(index, at, 'block'), block as UnknownRecord, BLOCK_KEYS);
  }
}

/** Messages of a sub-agent whose call is not in the list cannot be placed: refused, not dropped. */
function refuseOrphans(messages: readonly unknown[], parents: ReadonlySet<string>): void {
  const callIds = new Set<string>();
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as UnknownRecord;
    if (message.type !== 'assistant') continue;
    for (const block of blocksOf(message, index)) if (isRecord(block) && CALL_BLOCKS.has(block.type as string) && isNonEmptyString(block.id)) callIds.add(block.id);
  }
  for (const parent of parents) {
    if (callIds.has(parent)) continue;
    const index = messages.findIndex((message) => isRecord(message) && message.parent_tool_use_id === parent);
    throw new ToolCallAccuracyError(
      `reading the run as ${FORMAT}: its message ${index + 1} belongs to the sub-agent started by call ${JSON.stringify(parent)}, which is not among the messages, so its calls cannot be placed. Pass every message query() yielded.`,
    );
  }
}

function blocksOf(message: UnknownRecord, index: number): readonly unknown[] {
  const inner = message.message;
  if (isRecord(inner)) refuseCallKeys(FORMAT, () => `${position(index)} (its message)`, inner, MESSAGE_KEYS);
  const content = isRecord(inner) ? inner.content : undefined;
  if (typeof content === 'string') return [];
  if (!Array.isArray(content)) refuseUnknown(FORMAT, position(index), message, 'a message whose message.content is text or a list of blocks');
  return content;
}

function readMessages(context: Context, parent: string | null, calls: CallCollector): void {
  const { messages } = context;
  // The id of the step being read: the next message of the same response adds to it.
  let step: unknown;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as UnknownRecord;
    if ((message.parent_tool_use_id ?? null) !== parent) continue;
    // A sub-agent's messages interleave with the main agent's: the index places its calls among them.
    calls.at(index);
    if (message.type === 'assistant') {
      const inner = (message as unknown as SDKAssistantMessage).message;
      // The blocks of one response arrive as messages of their own, sharing its id: one model step.
      const id: unknown = isRecord(inner) ? inner.id : undefined;
      if (!isNonEmptyString(id)) calls.beginStep();
      else if (id !== step) calls.beginStep(id);
      step = id;
      readBlocks(message, index, true, context, calls);
    } else if (message.type === 'user') {
      readBlocks(message, index, false, context, calls);
    }
  }
}

/** A message's blocks: an assistant's calls, results (a server tool's, in an assistant message; a tool's, in a user one) and quiet blocks. */
function readBlocks(message: UnknownRecord, index: number, fromAssistant: boolean, context: Context, calls: CallCollector): void {
  const blocks = blocksOf(message, index);
  const expected = fromAssistant ? ASSISTANT_BLOCKS : USER_BLOCKS;
  for (let at = 0; at < blocks.length; at++) {
    const block: unknown = blocks[at];
    const type = isRecord(block) ? block.type : undefined;
    if (!isRecord(block) || typeof type !== 'string') refuseUnknown(FORMAT, position(index, at, 'block'), block, expected);
    refuseCallKeys(FORMAT, () => position(index, at, 'block'), block, BLOCK_KEYS);
    if (QUIET_BLOCKS.has(type)) continue;
    if (isResultBlock(type)) {
      readResult(block, context, calls);
    } else if (fromAssistant && CALL_BLOCKS.has(type)) {
      const call = blockCall(block);
      if (!call) refuseUnknown(FORMAT, position(index, at, 'block'), block, `a ${type} block with its tool's name`);
      if (isNonEmptyString(block.id) && context.parents.has(block.id)) {
        // A sub-agent is opened by the tool's name (`Agent`) or by its own (`subagent_type`: `general-purpose`, one of `options.agents`).
        const agentType = isRecord(block.input) && isNonEmptyString(block.input.subagent_type) ? block.input.subagent_type : undefined;
        recordSubRun(call, new SubAgentRun(context, block.id), agentType);
      }
      calls.add(call);
    } else {
      refuseUnknown(FORMAT, position(index, at, 'block'), block, expected);
    }
  }
}

/** A result block: a denied call's is no result (the error result the SDK sends for it says it was denied). */
function readResult(block: UnknownRecord, context: Context, calls: CallCollector): void {
  const id = block.tool_use_id;
  if (isNonEmptyString(id) && context.denied.has(id)) calls.approval(id, 'denied');
  else readResultBlock(block, calls);
}

const MESSAGES_LIST = `the messages query() yields (${[...MESSAGE_TYPES].join(', ')})`;
const ASSISTANT_BLOCKS = KNOWN_BLOCKS;
const USER_BLOCKS = `tool_result and the server tools' *_tool_result, ${[...QUIET_BLOCKS].join(', ')}`;

function textOf(value: unknown): RunText {
  const messages = value instanceof SubAgentRun ? [] : asArray(value);
  return conversationText(
    messages.filter((message) => isRecord(message) && (message.parent_tool_use_id ?? null) === null),
    (message) => {
      if (!isRecord(message)) return undefined;
      if (message.type === 'assistant') return 'assistant';
      // A user message of tool results is no request.
      return message.type === 'user' && textOfMessage(message) !== undefined ? 'user' : undefined;
    },
    textOfMessage,
  );
}

function textOfMessage(message: unknown): string | undefined {
  if (!isRecord(message) || !isRecord(message.message)) return undefined;
  return contentText((message as unknown as SDKUserMessage).message.content);
}

const NO_RESULT = 'its messages end before the result message query() yields last, which records it';

function usageOf(value: unknown): RunUsage {
  if (value instanceof SubAgentRun) {
    const why = "a sub-agent's messages do not record it apart: measure the whole run";
    return { lacking: { tokens: why, durationMs: why } };
  }
  const messages = asArray(value);
  const steps = new Set<unknown>();
  let durationMs: number | undefined;
  let last: SDKResultMessage | undefined;
  let responses = 0;
  let lastId: unknown;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    if (message.type === 'assistant') {
      const id = isRecord(message.message) ? message.message.id : undefined;
      if (id === undefined) responses++;
      // The blocks of one response come one after the other: most messages repeat the last id.
      else if (id !== lastId) steps.add(id);
      lastId = id;
    } else if (message.type === 'result') {
      last = message as unknown as SDKResultMessage;
      if (typeof last.duration_ms === 'number') durationMs = (durationMs ?? 0) + last.duration_ms;
    }
  }
  const modelCalls = steps.size + responses;
  const usage: RunUsage = { steps: modelCalls };
  if (durationMs !== undefined) usage.durationMs = durationMs;
  const tokens = last && tokensOf(last.modelUsage);
  if (tokens) usage.tokens = { ...tokens, modelCalls };
  const lacking: { tokens?: string; durationMs?: string } = {};
  if (!last) lacking.tokens = lacking.durationMs = NO_RESULT;
  else if (!tokens) lacking.tokens = 'its last result message has no modelUsage';
  if (lacking.tokens !== undefined || lacking.durationMs !== undefined) usage.lacking = lacking;
  return usage;
}

/** The tokens of the whole run, sub-agents included: the last `result`'s `modelUsage` (per model, since the `query()` began), cache reads and writes as input. */
function tokensOf(modelUsage: unknown): { input: number; output: number } | undefined {
  if (!isRecord(modelUsage)) return undefined;
  let input = 0;
  let output = 0;
  for (const usage of Object.values(modelUsage)) {
    if (!isRecord(usage) || typeof usage.inputTokens !== 'number' || typeof usage.outputTokens !== 'number') return undefined;
    input += usage.inputTokens + count(usage.cacheReadInputTokens) + count(usage.cacheCreationInputTokens);
    output += usage.outputTokens;
  }
  return { input, output };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`): the `SDKMessage`s `query()` yields, as a
 * list (or their JSON).
 *
 * - Each content block of a model response is an `assistant` message of its own; those of one
 *   response share `message.id` (one model step).
 * - Results are `user` messages' `tool_result` blocks, `is_error` for a failed tool and a denied
 *   permission; the denials the `result` message (`permission_denials`) and `system`/`permission_denied`
 *   messages list make those calls denied, not failed.
 * - A sub-agent (the `Agent` tool, `Task` in older versions) sends its messages with
 *   `parent_tool_use_id` set to its call's id: its calls, read through `within(run, 'Agent')`. In the
 *   background they interleave with the main agent's.
 * - `stream_event` messages repeat the assistant messages; a run cut by `maxTurns` is read up to its end.
 */
export const claudeAgent: FormatAdapter = {
  format: FORMAT,
  shape: "Claude Agent SDK: the messages query() yields, as a list ([{ type: 'system', subtype: 'init' }, { type: 'assistant', message, parent_tool_use_id }, …])",
  detect: (value, kinds) => value instanceof SubAgentRun || (Array.isArray(value) && kinds.of(value) === FORMAT),
  wrongPiece: (value) =>
    isRecord(value) && messageFit(value) !== undefined
      ? `it is one message that query() yielded (type ${JSON.stringify(value.type)}); a run is all of them. Collect them and pass the list: const messages = []; for await (const message of query({ prompt, options })) messages.push(message)`
      : undefined,
  messages: { name: 'a Claude Agent SDK message', of: messageFit },
  // One query() is one run: its messages do not say which prompt each answered.
  turns: oneTurn,
  read(value, calls) {
    if (value instanceof SubAgentRun) return readMessages(value.context, value.parent, calls);
    readMessages(contextOf(value as readonly unknown[]), null, calls);
  },
  text: textOf,
  usage: {
    records: {
      steps: "Claude Agent SDK: the messages query() yields (assistant messages, one model call per message.id)",
      tokens: "Claude Agent SDK: the messages query() yields, with its result message (modelUsage)",
      durationMs: "Claude Agent SDK: the messages query() yields, with its result message (duration_ms)",
    },
    read: usageOf,
  },
};
