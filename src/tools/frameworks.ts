import { describeValue } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { jsonOrText } from '../json.js';
import { formatName } from '../value.js';

/** The frameworks whose tools `stubbedTools` and `recordedTools` take, as the user has them. */
export type ToolFramework = 'ai-sdk' | 'mastra' | 'openai-agents' | 'langchain';

/** One execution of a tool, as a double sees it: the tool's name, its input, and the real tool. */
export interface ToolExecution {
  name: string;
  framework: ToolFramework;
  input: unknown;
  /** The framework's id of this call (the model's tool call id), when it gives one: doubles mark their outcomes by it. */
  callId?: string;
  /** Runs the real tool on this input (the framework's own call, its arguments untouched). */
  live: () => Promise<unknown>;
}

/** What a double does with each execution: answers it (a value), or fails it (throws). */
export type ToolDouble = (execution: ToolExecution) => Promise<unknown>;

/**
 * The OpenAI Agents SDK's default error function text: what its `tool()` hands the model for a tool
 * that throws (and what the package's reader takes as the call's error).
 */
const OPENAI_AGENTS_TOOL_ERROR = 'An error occurred while running the tool. Please try again.';

const MASTRA_TOOL_MARKER = Symbol.for('mastra.core.tool.Tool');

/**
 * The tools with each one's execution handed to `double(name)` (a tool for which it returns
 * undefined is kept as it is), in the shape they came in: a record `{ name: tool }` (AI SDK tool
 * sets, Mastra's `tools`) or a list (OpenAI Agents SDK and LangChain tools, Mastra tools), each tool
 * of its own framework's kind. The given tools are never changed: each wrapped tool is a copy.
 */
export function wrapTools<T>(tools: T, who: string, double: (name: string, framework: ToolFramework, hasExecute: boolean) => ToolDouble | undefined): T {
  if (Array.isArray(tools)) {
    return tools.map((tool, index) => {
      const framework = frameworkOf(tool, `${who}: tool ${index + 1} of the list`);
      const name = nameOf(tool, framework);
      if (name === undefined) throw new ToolCallAccuracyError(`${who}: tool ${index + 1} of the list has no name (${framework === 'mastra' ? 'id' : 'name'}); a tool in a list is known by it.`);
      return wrapOne(tool, name, framework, double);
    }) as T;
  }
  if (typeof tools !== 'object' || tools === null || !isPlainObject(tools)) {
    throw new ToolCallAccuracyError(`${who} takes the agent's tools as a record { name: tool } (an AI SDK tool set, Mastra's tools) or a list [tool] (OpenAI Agents SDK, LangChain); received ${describeValue(tools)}.`);
  }
  if (frameworkOf(tools, '', true) !== undefined) {
    throw new ToolCallAccuracyError(`${who} takes the agent's tools as a record { name: tool } or a list [tool]; received one tool: pass { ${nameOf(tools, frameworkOf(tools, who)) ?? 'name'}: tool } or [tool].`);
  }
  const out: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools)) out[name] = wrapOne(tool, name, frameworkOf(tool, `${who}: tool ${formatName(name)}`), double);
  return out as T;
}

/** The name a tool in a list is known by: its `name` (OpenAI Agents SDK, LangChain, AI SDK has none) or Mastra's `id`. */
function nameOf(tool: unknown, framework: ToolFramework): string | undefined {
  const record = tool as { name?: unknown; id?: unknown };
  const name = framework === 'mastra' ? (record.id ?? record.name) : record.name;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function frameworkOf(tool: unknown, where: string, quiet: true): ToolFramework | undefined;
function frameworkOf(tool: unknown, where: string): ToolFramework;
function frameworkOf(tool: unknown, where: string, quiet = false): ToolFramework | undefined {
  if (typeof tool === 'object' && tool !== null) {
    const record = tool as Record<string | symbol, unknown>;
    if (record.type === 'function' && typeof record.invoke === 'function' && typeof record.name === 'string') return 'openai-agents';
    if (typeof record.func === 'function' && typeof record.invoke === 'function' && typeof record.name === 'string') return 'langchain';
    if (record[MASTRA_TOOL_MARKER] === true || (!isPlainObject(tool) && typeof record.id === 'string' && typeof record.execute === 'function')) return 'mastra';
    // Provider tools (`openai.tools.webSearch()`: `type: 'provider'`, 'provider-defined' in ai@5) run at the provider: kept as they are unless stubbed.
    if (isPlainObject(tool) && (typeof record.execute === 'function' || 'inputSchema' in record || 'parameters' in record || record.type === 'provider' || record.type === 'provider-defined')) return 'ai-sdk';
  }
  if (quiet) return undefined;
  throw new ToolCallAccuracyError(
    `${where} is not a tool of a framework this package knows: expected an AI SDK tool ({ inputSchema, execute }), a Mastra createTool(…), an OpenAI Agents SDK tool(…) or a LangChain tool(…); received ${describeValue(tool)}.`,
  );
}

function wrapOne(tool: unknown, name: string, framework: ToolFramework, double: (name: string, framework: ToolFramework, hasExecute: boolean) => ToolDouble | undefined): unknown {
  const record = tool as Record<string, unknown>;
  const hasExecute = framework !== 'ai-sdk' || typeof record.execute === 'function';
  const run = double(name, framework, hasExecute);
  if (run === undefined) return tool;
  // One execution handed to the double, with the framework's id of the call when it gives one.
  const doubled = (input: unknown, id: unknown, live: () => Promise<unknown>) => run({ name, framework, input, ...(typeof id === 'string' && id !== '' && { callId: id }), live });
  switch (framework) {
    case 'ai-sdk': {
      // An AI SDK tool is a plain object: `tool()` returns what it is given.
      const execute = record.execute as ((input: unknown, options: unknown) => unknown) | undefined;
      return {
        ...record,
        execute: (input: unknown, options: unknown) =>
          doubled(input, (options as { toolCallId?: unknown } | undefined)?.toolCallId, async () => (execute ? execute.call(tool, input, options) : Promise.reject(new ToolCallAccuracyError(`Tool ${formatName(name)} has no execute function to run.`)))),
      };
    }
    case 'mastra': {
      // Mastra 1.x (its tools carry the marker): `execute(inputData, context)`; Mastra 0.x: `execute({ context, … })`, the input in `context`.
      const execute = record.execute as (...args: unknown[]) => unknown;
      const current = (tool as Record<symbol, unknown>)[MASTRA_TOOL_MARKER] === true;
      return copyWith(tool, {
        execute: (...args: unknown[]) =>
          doubled(current ? args[0] : (args[0] as { context?: unknown } | undefined)?.context, mastraCallId(args), async () => execute.apply(tool, args)),
      });
    }
    case 'langchain': {
      // `tool()` makes a DynamicStructuredTool (DynamicTool for a string input) whose `func` gets the parsed input.
      const func = record.func as (input: unknown, runManager: unknown, config: unknown) => unknown;
      return copyWith(tool, {
        func: (input: unknown, runManager: unknown, config: unknown) =>
          doubled(input, (config as { toolCall?: { id?: unknown } } | undefined)?.toolCall?.id, async () => func.call(tool, input, runManager, config)),
      });
    }
    case 'openai-agents': {
      // The SDK's `tool()` parses the model's JSON text, runs `execute`, and turns a thrown error into
      // the text of its error function (default: OPENAI_AGENTS_TOOL_ERROR), which the model reads.
      const invoke = record.invoke as (runContext: unknown, input: string, details: unknown) => Promise<unknown>;
      const errorFunction = record.errorFunction as ((runContext: unknown, error: unknown) => unknown) | null | undefined;
      return {
        ...record,
        invoke: async (runContext: unknown, text: string, details: unknown) => {
          const input = jsonOrText(text); // not JSON: the stub sees the text as the model wrote it
          let liveFailure: { error: unknown } | undefined;
          try {
            return await doubled(input, (details as { toolCall?: { callId?: unknown } } | undefined)?.toolCall?.callId, () =>
              invoke.call(tool, runContext, text, details).catch((error: unknown) => {
                liveFailure = { error };
                throw error;
              }),
            );
          } catch (error) {
            // The real tool's own failure is the SDK's already; a double's setup error is the test's to see.
            if (liveFailure?.error === error || (error as { toolStub?: unknown })?.toolStub === 'setup' || errorFunction === null) throw error;
            return typeof errorFunction === 'function' ? errorFunction(runContext, error) : OPENAI_AGENTS_TOOL_ERROR;
          }
        },
      };
    }
  }
}

/** Mastra's call id: 1.x hands it in the context (`agent.toolCallId`), 0.x in the AI SDK's options (`toolCallId`) after `{ context }`. */
function mastraCallId(args: readonly unknown[]): unknown {
  for (const arg of args.slice(1)) {
    const record = arg as { toolCallId?: unknown; agent?: { toolCallId?: unknown } } | undefined;
    const id = record?.agent?.toolCallId ?? record?.toolCallId;
    if (id !== undefined) return id;
  }
  return (args[0] as { toolCallId?: unknown } | undefined)?.toolCallId;
}

/** A copy of a class instance (its prototype and own properties, symbols included) with some properties replaced. */
function copyWith(tool: unknown, replaced: Record<string, unknown>): unknown {
  const descriptors = Object.getOwnPropertyDescriptors(tool);
  for (const [key, value] of Object.entries(replaced)) descriptors[key] = { value, writable: true, enumerable: true, configurable: true };
  return Object.create(Object.getPrototypeOf(tool) as object | null, descriptors);
}

function isPlainObject(value: unknown): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
