/**
 * Read or refuse: a run with a message, part, block, item or step that no reader knows is refused
 * by every matcher, positive and `.not` (`toCallNoTools` included), and by getToolCalls, never read
 * as "no calls". The runs are the fixtures made by the real packages (test/fixtures), with one
 * unknown piece put anywhere a reader reads pieces: among the messages (items, steps, chunks) or
 * among one message's parts.
 */
import fc from 'fast-check';
import type { Message as BedrockMessage } from '@aws-sdk/client-bedrock-runtime';
import type { Content as GeminiContent } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { getToolCalls } from '../../src/index.js';
import { ToolCallAccuracyError } from '../../src/errors.js';
import { allFixtures, type Fixture } from '../fixtures/index.js';
import { listsOf, withInserted } from '../helpers/runPieces.js';

let fixtures: Fixture[] = [];
beforeAll(async () => {
  fixtures = await allFixtures();
});

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
  'claude-agent': [CLAUDE_AGENT_MESSAGE],
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

describe('formats that once read as zero calls are read now', () => {
  it('a Google Gen AI history (role + parts with functionCall and functionResponse)', () => {
    const history = [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'rain' } } }] },
      { role: 'model', parts: [{ text: 'Rain.' }] },
    ] satisfies GeminiContent[];
    expect(getToolCalls(history)).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' }, output: 'rain' }]);
    expect(history).not.toCallNoTools();
  });

  it('Bedrock Converse messages (toolUse and toolResult blocks)', () => {
    const messages = [
      { role: 'user', content: [{ text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: { city: 'Paris' } } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ json: { forecast: 'rain' } }], status: 'success' } }] },
    ] satisfies BedrockMessage[];
    expect(getToolCalls(messages)).toMatchObject([{ toolName: 'get_weather', input: { city: 'Paris' }, output: { forecast: 'rain' } }]);
    expect(messages).not.toCallNoTools();
  });
});
