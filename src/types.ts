/**
 * One tool call the agent issued, normalized from any supported run format.
 * Field names follow AI SDK 5+ (`toolName`, `input`, `output`).
 */
export interface ToolCall {
  /** The tool's name, exactly as the agent called it. */
  toolName: string;
  /** The arguments, parsed. When a JSON string could not be parsed this is the raw string and `unparsedInput` is set. */
  input: unknown;
  /** The call id, when the format has one. It names a call only within one message or step: providers reuse ids. */
  toolCallId?: string;
  /** The tool's result, when the run recorded one. */
  output?: unknown;
  /** The tool's error, when it failed (thrown value, error text, or an SDK validation error). */
  error?: unknown;
  /** Set when the arguments arrived as a JSON string that does not parse; holds that string. */
  unparsedInput?: string;
  /** The SDK marked the call invalid (unknown tool, input failing the schema); the model still chose it, so it counts. */
  invalid?: boolean;
  /** Executed by the model provider (e.g. a hosted web search), not by the app. */
  providerExecuted?: boolean;
  /**
   * The call needed a person's approval: still `requested`, `approved`, or `denied` (the tool never
   * ran). The model chose the tool either way, so the call counts.
   */
  approval?: ToolApproval;
  /**
   * The agent that made the call, when it is not the run's top agent: one a handoff handed off to,
   * or a sub-agent a tool ran. `name` is that agent's; `path` lists the agents from the top one's
   * sub-agent down to it, for an agent inside another (`['Billing', 'Refunds']`). Absent for the top
   * agent's own calls, which `own(run)` keeps.
   */
  agent?: CallAgent;
}

/** The agent that made a call, below the run's top agent (see `ToolCall.agent`). */
export interface CallAgent {
  /** The agent's name: the agent handed off to, the sub-agent's type or id, else the tool that ran it. */
  name: string;
  /** For an agent inside another: every agent from below the top one down to this one, its own name last. */
  path?: string[];
}

/** Where a call that needs a person's approval stands. */
export type ToolApproval = 'requested' | 'approved' | 'denied';

/**
 * A name, or a call pattern whose fields are compared with the runner's equality (asymmetric
 * matchers allowed). The matcher declarations call it `ExpectedToolCall`; this is the same type.
 */
export type { ExpectedToolCall as ToolCallPattern } from '../matchers.js';
