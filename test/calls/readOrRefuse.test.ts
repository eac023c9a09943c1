/**
 * Read or refuse: a run with a message, part, block, item or step that no reader knows is refused
 * by every matcher, positive and `.not` (`toCallNoTools` included), and by getToolCalls, never read
 * as "no calls". The runs are the fixtures made by the real packages (test/fixtures), with one
 * unknown piece put anywhere a reader reads pieces: among the messages (items, steps, chunks) or
 * among one message's parts.
 */
import fc from 'fast-check';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type { Message as BedrockMessage } from '@aws-sdk/client-bedrock-runtime';
import type { Content as GeminiContent } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/index.js';
import { ToolCallAccuracyError } from '../../src/errors.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';

let fixtures: Fixture[] = [];
beforeAll(async () => {
  fixtures = await allFixtures();
});

type Lists = unknown[][];

/** The lists of a message list whose items a reader reads: the list itself, and each message's parts. */
function messageLists(list: unknown[], into: Lists, withParts = true): void {
  into.push(list);
  if (!withParts) return;
  for (const message of list) {
    if (typeof message !== 'object' || message === null) continue;
    const record = message as Record<string, unknown>;
    // A LangChain message keeps its fields under `kwargs` (JSON) or `data` (toDict()).
    const fields = (record.kwargs ?? record.data ?? record) as Record<string, unknown>;
    const isLangChain = record.lc === 1 || typeof record._getType === 'function' || 'data' in record;
    // LangChain: only an AI message's content blocks are read (beside its tool_calls).
    if (isLangChain && !(fields.tool_calls || record.type === 'ai' || (Array.isArray(record.id) && String(record.id.at(-1)).startsWith('AIMessage')))) continue;
    if (Array.isArray(fields.content)) into.push(fields.content);
    if (Array.isArray(fields.parts)) into.push(fields.parts);
    const content = fields.content as Record<string, unknown> | undefined;
    if (content && typeof content === 'object' && Array.isArray(content.parts)) into.push(content.parts);
  }
}

/** Where a fixture's reader reads pieces; none for the formats whose pieces are not a list of records (traces, plain lists). */
function listsOf(fixture: Fixture, run: unknown): Lists {
  const lists: Lists = [];
  const record = run as Record<string, unknown>;
  switch (fixture.format) {
    case 'otel-trace':
    case 'plain':
      return lists;
    case 'mastra-generate':
      for (const key of ['toolCalls', 'toolResults']) if (Array.isArray(record[key])) lists.push(record[key] as unknown[]);
      return lists;
    case 'mastra-trajectory':
      lists.push(record.steps as unknown[]);
      return lists;
    case 'mastra-run':
      messageLists(record.output as unknown[], lists);
      return lists;
    case 'ai-sdk-result':
    case 'ai-sdk-steps':
    case 'ai-sdk-4': {
      const steps = Array.isArray(run) ? run : (record.steps as unknown[] | undefined);
      if (fixture.format !== 'ai-sdk-4' || (steps && steps.length > 0 && 'stepType' in (steps[0] as object))) {
        if (!steps) return lists;
        lists.push(steps);
        // A step's calls are in its content (5+); AI SDK 4's in its own toolCalls and toolResults (in 5+ getters over the content).
        for (const step of steps as Array<Record<string, unknown>>) {
          for (const key of Array.isArray(step.content) ? ['content'] : ['toolCalls', 'toolResults']) if (Object.hasOwn(step, key) && Array.isArray(step[key])) lists.push(step[key] as unknown[]);
        }
        return lists;
      }
      break;
    }
  }
  if (Array.isArray(run)) messageLists(run, lists);
  else if (Array.isArray(record.messages)) messageLists(record.messages as unknown[], lists);
  else if (Array.isArray(record.output)) messageLists(record.output as unknown[], lists, true);
  else if (run && typeof run === 'object' && ('role' in record || 'type' in record)) {
    // One message: its parts.
    const holder: unknown[] = [run];
    messageLists(holder, lists);
    lists.shift();
  }
  return lists;
}

/** A structural copy that keeps class instances (LangChain messages) as they are: only the lists on the path are copied. */
function withInserted(run: unknown, target: unknown[], at: number, piece: unknown): unknown {
  const copies = new Map<unknown, unknown>();
  const visit = (value: unknown, depth: number): unknown => {
    if (value === target) {
      const copy = [...target];
      copy.splice(at % (target.length + 1), 0, piece);
      return copy;
    }
    if (depth > 6 || typeof value !== 'object' || value === null) return value;
    if (copies.has(value)) return copies.get(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => visit(item, depth + 1));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    const prototype = Object.getPrototypeOf(value);
    const entries = Object.entries(value).map(([key, field]) => [key, visit(field, depth + 1)] as const);
    if (!entries.some(([key, field]) => field !== (value as Record<string, unknown>)[key])) return value;
    const copy = Object.create(prototype) as Record<string, unknown>;
    Object.assign(copy, value, Object.fromEntries(entries));
    copies.set(value, copy);
    return copy;
  };
  return visit(run, 0);
}

const GEMINI_PART = { functionCall: { name: 'search', args: {} } };
const BEDROCK_BLOCK = { toolUse: { toolUseId: 't1', name: 'search', input: {} } };
const GEMINI_CONTENT = { role: 'model', parts: [{ functionCall: { name: 'search', args: {} } }] };
const CLAUDE_AGENT_MESSAGE = { type: 'assistant', message: { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: {} }] }, parent_tool_use_id: null, session_id: 's' };

/**
 * Pieces no reader of another format knows: a part type of no format, a record without a type (a
 * Gemini part, a Bedrock block), a Gemini content, a Claude Agent SDK message. Each is unknown
 * everywhere but in its own format's runs (`OWN_PIECES`).
 */
const unknownPieces = fc.constantFrom<unknown>({ type: 'zz_unknown', payload: { name: 'search' } }, GEMINI_PART, BEDROCK_BLOCK, GEMINI_CONTENT, CLAUDE_AGENT_MESSAGE);
const OWN_PIECES: Record<string, unknown[]> = {
  'google-genai': [GEMINI_PART, GEMINI_CONTENT],
  'bedrock-converse': [BEDROCK_BLOCK],
};

/** Every matcher, positive and negated, and getToolCalls. */
const assertions: Array<[string, (run: unknown) => unknown]> = [
  ['getToolCalls', (run) => getToolCalls(run)],
  ['toCallTool', (run) => expect(run).toCallTool('search')],
  ['not.toCallTool', (run) => expect(run).not.toCallTool('Write')],
  ['toCallNoTools', (run) => expect(run).toCallNoTools()],
  ['not.toCallNoTools', (run) => expect(run).not.toCallNoTools()],
  ['toCallToolsInOrder', (run) => expect(run).toCallToolsInOrder(['search'])],
  ['not.toCallToolsInOrder', (run) => expect(run).not.toCallToolsInOrder(['Write'])],
  ['toCallOnly', (run) => expect(run).toCallOnly('search')],
  ['not.toCallOnly', (run) => expect(run).not.toCallOnly('Write')],
  ['toCallToolTimes', (run) => expect(run).toCallToolTimes('search', 1)],
  ['not.toCallToolTimes', (run) => expect(run).not.toCallToolTimes('Write', 1)],
  ['toCallToolsWithoutErrors', (run) => expect(run).toCallToolsWithoutErrors()],
  ['not.toCallToolsWithoutErrors', (run) => expect(run).not.toCallToolsWithoutErrors()],
  ['toRepeatToolCalls', (run) => expect(run).toRepeatToolCalls()],
  ['not.toRepeatToolCalls', (run) => expect(run).not.toRepeatToolCalls()],
  ['toStayWithinBudget', (run) => expect(run).toStayWithinBudget({ toolCalls: 1000 })],
  ['not.toStayWithinBudget', (run) => expect(run).not.toStayWithinBudget({ toolCalls: 0 })],
  ['toCallToolsWithValidInputs', (run) => expect(run).toCallToolsWithValidInputs({})],
  ['not.toCallToolsWithValidInputs', (run) => expect(run).not.toCallToolsWithValidInputs({})],
];

function refusal(assertion: (run: unknown) => unknown, run: unknown): unknown {
  try {
    assertion(run);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a run with an unknown piece anywhere is refused', () => {
  it('by every matcher, .not and toCallNoTools included, and by getToolCalls', () => {
    const candidates = fixtures.filter((fixture) => listsOf(fixture, fixture.run).length > 0);
    expect(candidates.length).toBeGreaterThan(40);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), unknownPieces, fc.nat({ max: assertions.length - 1 }), (which, list, at, piece, assertion) => {
        const fixture = candidates[which % candidates.length]!;
        // A piece of the fixture's own format is no unknown piece there: a Gemini part in a Gemini run is read.
        if (OWN_PIECES[fixture.format]?.includes(piece)) return;
        const lists = listsOf(fixture, fixture.run);
        const target = lists[list % lists.length]!;
        const run = withInserted(fixture.run, target, at, piece);
        const [name, assert] = assertions[assertion]!;
        const error = refusal(assert, run);
        if (!(error instanceof ToolCallAccuracyError)) {
          throw new Error(`${name} on "${fixture.name}" with ${JSON.stringify(piece)} at ${at % (target.length + 1)} of list ${list % lists.length}: ${error === undefined ? 'passed' : String(error)}`);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('names what it refused and where', () => {
    const fixture = fixtures.find((candidate) => candidate.format === 'anthropic' && Array.isArray(candidate.run))!;
    const messages = fixture.run as Array<{ content: unknown }>;
    const at = messages.findIndex((message) => Array.isArray(message.content));
    const run = withInserted(fixture.run, messages[at]!.content as unknown[], 0, { type: 'zz_unknown' });
    expect(() => getToolCalls(run)).toThrow(`reading the run as anthropic: its message ${at + 1}, block 1 is { type: "zz_unknown" }, which this reader does not know`);
  });
});

describe('formats the package does not read yet are refused, not read as zero calls', () => {
  const refusedEverywhere = (run: unknown) => {
    for (const [name, assert] of assertions) {
      const error = refusal(assert, run);
      if (!(error instanceof ToolCallAccuracyError)) throw new Error(`${name}: ${error === undefined ? 'passed' : String(error)}`);
    }
  };

  it('now read: a Google Gen AI history (role + parts with functionCall and functionResponse)', () => {
    const history = [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'rain' } } }] },
      { role: 'model', parts: [{ text: 'Rain.' }] },
    ] satisfies GeminiContent[];
    expect(getToolCalls(history)).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' }, output: 'rain' }]);
    expect(history).not.toCallNoTools();
  });

  it('now read: Bedrock Converse messages (toolUse and toolResult blocks)', () => {
    const messages = [
      { role: 'user', content: [{ text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ json: { forecast: 'rain' } }], status: 'success' } }] },
    ] satisfies BedrockMessage[];
    expect(getToolCalls(messages)).toMatchObject([{ toolName: 'get_weather', input: { city: 'Paris' }, output: { forecast: 'rain' } }]);
    expect(messages).not.toCallNoTools();
  });

  it("the Claude Agent SDK's messages (system, assistant, user, result)", () => {
    const messages: Array<Pick<SDKMessage, 'type' | 'session_id'> & Record<string, unknown>> = [
      { type: 'system', subtype: 'init', session_id: 's1', tools: ['Read', 'Write'] },
      { type: 'assistant', message: { id: 'msg_1', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: { file_path: 'a.txt' } }] }, parent_tool_use_id: null, session_id: 's1' },
      { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'denied', is_error: true }] }, parent_tool_use_id: null, session_id: 's1' },
      { type: 'result', subtype: 'success', session_id: 's1', num_turns: 2 },
      // Typed by the SDK's own fields that say which message it is; whole messages need its CLI (the branch that reads them makes them with it).
    ];
    refusedEverywhere(messages);
  });
});
