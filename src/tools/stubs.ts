import { describeValue } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { checkOptions, rule } from '../options.js';
import { standaloneContext } from '../matchers/standalone.js';
import { equalityOf } from '../scoring/equality.js';
import { didYouMean } from '../suggest.js';
import { formatInline, formatName } from '../value.js';
import { ToolStubError } from './errors.js';
import { wrapTools, type ToolExecution } from './frameworks.js';
import type { StubsFor, ToolStubCase } from './types.js';
import { markDoubled } from '../store/doubles.js';

const WHO = 'stubbedTools(tools, stubs)';
const CASE_KEYS = ['input', 'output', 'error', 'failTimes', 'passThrough'];

/** The options of `stubbedTools`. */
export interface StubbedToolsOptions {
  /** Run the real tool for a tool without a stub, or an input no case fits (default: such a call fails with a ToolStubError). */
  passThrough?: boolean;
}

/** A stub as it runs: its cases in order (a value or a function is one case that fits any input). */
type Stub = Array<ToolStubCase<unknown, unknown> & { failed: number }>;

/**
 * The agent's tools, each named one answered by its stub instead of running: the same shape as
 * given (an AI SDK tool set, Mastra `createTool`s, OpenAI Agents SDK `tool()`s, LangChain
 * `tool()`s), to pass to the agent unchanged. A stub is the output (a value), a function of the
 * input returning it (a throw fails the call), or a list of cases tried in order: `{ input, output }`,
 * `{ input, error }` (a string or an Error: the call fails as the framework reports a failing
 * tool), with `failTimes: n` to make the first n calls of a case fail before it answers, or
 * `passThrough: true` to run the real tool. `input` is compared as `toEqual` does (asymmetric
 * matchers allowed); a case without `input` fits any. A tool without a stub, or an input no case
 * fits, fails with a ToolStubError naming the tool and its cases (never running the real tool),
 * unless `{ passThrough: true }`.
 * @example
 * const tools = stubbedTools(agentTools, {
 *   getWeather: [{ input: { city: 'Paris' }, output: { tempC: 21 } }, { input: expect.anything(), error: 'weather service down' }],
 *   sendEmail: { sent: true },
 * })
 * const result = await generateText({ model, tools, prompt: 'Weather in Paris?', stopWhen: stepCountIs(5) })
 * expect(result).toCallTool('getWeather', { city: 'Paris' })
 */
export function stubbedTools<T>(tools: T, stubs: StubsFor<T>, options: StubbedToolsOptions = {}): T {
  checkOptions<StubbedToolsOptions>(options, { shape: 'an object such as { passThrough: true }', options: { passThrough: rule.boolean } }, { where: WHO });
  if (typeof stubs !== 'object' || stubs === null || Array.isArray(stubs)) {
    throw new ToolCallAccuracyError(`${WHO} takes its stubs as a record { toolName: stub }; received ${describeValue(stubs)}.`);
  }
  const parsed = new Map(Object.entries(stubs as Record<string, unknown>).map(([name, stub]) => [name, parseStub(name, stub)]));
  const equals = equalityOf(standaloneContext(false));
  const names: string[] = [];
  const wrapped = wrapTools(tools, WHO, (name, _framework, hasExecute) => {
    names.push(name);
    const stub = parsed.get(name);
    // The real tool, untouched: asked for, or a tool with nothing to run here (a provider-executed AI SDK tool).
    if (stub === undefined && (options.passThrough === true || !hasExecute)) return undefined;
    return (execution) => answer(execution, stub, parsed, equals);
  });
  const name = [...parsed.keys()].find((stubbed) => !names.includes(stubbed));
  if (name !== undefined) {
    throw new ToolCallAccuracyError(`${WHO}: there is no tool ${formatName(name)} to stub.${didYouMean(name, names)} The tools: ${names.map(formatName).join(', ') || 'none'}.`);
  }
  return wrapped;
}

async function answer(execution: ToolExecution, stub: Stub | undefined, all: Map<string, Stub>, equals: (a: unknown, b: unknown) => boolean): Promise<unknown> {
  const { name, input } = execution;
  if (stub === undefined) {
    throw new ToolStubError(
      `${WHO}: tool ${formatName(name)} has no stub, so it was not run (called with ${formatInline(input, 200)}). Stubbed: ${[...all.keys()].map(formatName).join(', ') || 'none'}. Give it a stub ({ ${formatName(name)}: output }), or pass { passThrough: true } to run the tools that have none.`,
      { tool: name, input, cases: [] },
    );
  }
  const found = stub.find((item) => !('input' in item) || equals(input, item.input));
  if (found === undefined) {
    throw new ToolStubError(
      `${WHO}: no case of tool ${formatName(name)} fits its input ${formatInline(input, 200)}, so it was not run. Its cases, tried in order:\n${stub.map((item, index) => `  ${index + 1}. ${describeCase(item)}`).join('\n')}\nAdd a case for this input (a case without input fits any), or a case { passThrough: true } to run the real tool for it.`,
      { tool: name, input, cases: stub.map(({ failed: _failed, ...item }) => item) },
    );
  }
  // A failing case throws its own Error, or an Error with its text.
  const fail = (error: string | Error): Error => {
    markDoubled(name, execution.callId, 'stubbed', { error: true });
    return typeof error === 'string' ? new Error(error) : error;
  };
  if (found.failTimes !== undefined && found.failed < found.failTimes) {
    found.failed += 1;
    throw fail(found.error ?? `${name} failed (stubbed: failure ${found.failed} of failTimes ${found.failTimes})`);
  }
  if (found.passThrough === true) return execution.live();
  if ('error' in found && found.failTimes === undefined) throw fail(found.error!);
  const output = typeof found.output === 'function' ? await (found.output as (input: unknown) => unknown)(input) : found.output;
  markDoubled(name, execution.callId, 'stubbed', { output });
  return output;
}

function describeCase(item: ToolStubCase<unknown, unknown>): string {
  const input = 'input' in item ? `input ${formatInline(item.input, 80)}` : 'any input';
  const fails = item.failTimes === undefined ? '' : `, first ${item.failTimes} call${item.failTimes === 1 ? '' : 's'} fail`;
  const outcome =
    item.passThrough === true
      ? 'the real tool'
      : 'error' in item && item.failTimes === undefined
        ? `error ${formatInline(item.error instanceof Error ? item.error.message : item.error, 60)}`
        : `output ${typeof item.output === 'function' ? '(a function of the input)' : formatInline(item.output, 60)}`;
  return `${input} → ${outcome}${fails}`;
}

/** A stub as given: a function or a value is one case fitting any input; a list of cases is itself. */
function parseStub(name: string, stub: unknown): Stub {
  const where = `${WHO}: the stub of ${formatName(name)}`;
  if (Array.isArray(stub) && stub.length > 0 && stub.some(looksLikeCase)) {
    return stub.map((item, index) => {
      if (!looksLikeCase(item)) {
        throw new ToolCallAccuracyError(`${where} is a list of cases, but its item ${index + 1} is not one: ${formatInline(item, 80)}. A case is { input?, output } or { input?, error }, with failTimes or passThrough if needed. (To stub an output that is such a list, return it from a function: () => [...].)`);
      }
      return { ...checkCase(item as Record<string, unknown>, `${where}, case ${index + 1}`), failed: 0 };
    });
  }
  if (looksLikeCase(stub)) {
    throw new ToolCallAccuracyError(
      `${where} is ${formatInline(stub, 80)}: a case, not in a list. Wrap it in a list ([{ … }]) to make it a case, or return it from a function (() => ({ … })) if it is the output itself.`,
    );
  }
  return [{ output: stub as ToolStubCase<unknown, unknown>['output'], failed: 0 }];
}

/** An object of case keys only, with one that says what the call does. */
function looksLikeCase(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => CASE_KEYS.includes(key)) && keys.some((key) => key !== 'input');
}

function checkCase(item: Record<string, unknown>, where: string): ToolStubCase<unknown, unknown> {
  const { error, failTimes, passThrough } = item;
  if (error !== undefined && typeof error !== 'string' && !(error instanceof Error)) throw new ToolCallAccuracyError(`${where}: error must be a string or an Error; received ${describeValue(error)}.`);
  if (failTimes !== undefined && (typeof failTimes !== 'number' || !Number.isInteger(failTimes) || failTimes < 1)) {
    throw new ToolCallAccuracyError(`${where}: failTimes must be a whole number of calls, at least 1; received ${describeValue(failTimes)}.`);
  }
  if (passThrough !== undefined && typeof passThrough !== 'boolean') throw new ToolCallAccuracyError(`${where}: passThrough must be true or false; received ${describeValue(passThrough)}.`);
  const outcomes = ['output' in item, 'error' in item && failTimes === undefined, passThrough === true].filter(Boolean).length;
  if (outcomes === 0 && typeof failTimes === 'number') {
    throw new ToolCallAccuracyError(`${where}: after its ${failTimes} failing call${failTimes === 1 ? '' : 's'} it has nothing to answer: give it an output (or passThrough: true).`);
  }
  if (outcomes !== 1) throw new ToolCallAccuracyError(`${where} must say one outcome: output, error or passThrough: true (failTimes adds failures before the output); it has ${outcomes === 0 ? 'none' : 'several'}.`);
  return item as ToolStubCase<unknown, unknown>;
}
