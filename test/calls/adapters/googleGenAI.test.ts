/**
 * Google Gen AI runs, made by the real `GoogleGenAI` client over a loopback Gemini server
 * (test/fixtures/googleGenAI.ts), read by every matcher.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getToolCalls, parallel, sample, turn } from '../../../src/index.js';
import { UnknownPartError } from '../../../src/calls/unknownParts.js';
import { failureOf, matcherErrorOf } from '../../helpers/failureOf.js';
import { geminiRuns, type GeminiRuns } from '../../fixtures/googleGenAI.js';

let runs: GeminiRuns;
beforeAll(async () => {
  runs = await geminiRuns();
});

describe('Google Gen AI: what the client records', () => {
  it('pairs parallel calls without ids by name, in order, and reads response.error as a failure', () => {
    const [paris, oslo, book] = getToolCalls(runs.history);
    // The model sent them without ids; the SDK's automatic function calling answered them in order.
    expect(runs.history[1]!.parts!.map((part) => part.functionCall?.id)).toEqual([undefined, undefined, undefined]);
    expect(runs.history[1]!.parts![0]!.thoughtSignature).toBe('c2lnbmF0dXJl');
    expect(paris).toEqual({ toolName: 'get_weather', input: { city: 'Paris' }, output: { city: 'Paris', sky: 'sunny' } });
    expect(oslo).toEqual({ toolName: 'get_weather', input: { city: 'Oslo' }, output: { city: 'Oslo', sky: 'snow' } });
    expect(book).toEqual({ toolName: 'book_hotel', input: { city: 'Oslo', nights: 2 }, error: 'no rooms left in Oslo' });
  });

  it('a functionResponse pairs by id before name: answered out of order, each gets its own', () => {
    const contents = structuredClone(runs.manualContents);
    contents[2]!.parts!.reverse();
    expect(getToolCalls(contents).map((call) => [call.toolCallId, call.output])).toEqual([
      ['fc-1', { city: 'Oslo', sky: 'snow' }],
      ['fc-2', { city: 'Paris', sky: 'sunny' }],
    ]);
  });

  it('a response with neither output nor error is the result as a whole (what mcpToTool sends)', () => {
    const contents = structuredClone(runs.manualContents);
    contents[2]!.parts![0]!.functionResponse!.response = { content: [{ type: 'text', text: 'snow' }] };
    expect(getToolCalls(contents)[0]!.output).toEqual({ content: [{ type: 'text', text: 'snow' }] });
  });

  it('the class, its JSON and the history read alike', () => {
    expect(getToolCalls(JSON.parse(JSON.stringify(runs.afcResponse)))).toEqual(getToolCalls(runs.afcResponse));
    expect(getToolCalls(runs.secondResponse)).toEqual(getToolCalls(runs.history));
  });
});

describe('Google Gen AI: every matcher', () => {
  it('reads names, inputs, outputs and errors', () => {
    const history = runs.history;
    expect(history).toCallToolsInOrder(['get_weather', 'book_hotel', 'book_hotel']);
    expect(history).toCallTool('book_hotel', { city: 'Paris', nights: 2 }, { output: 'booked: HOTEL-7' });
    expect(history).toCallToolTimes('get_weather', 2);
    expect(history).toCallOnly(['book_hotel', 'get_weather', 'get_weather', 'book_hotel']);
    expect(history).not.toCallNoTools();
    expect(history).not.toRepeatToolCalls();
    expect(runs.manualContents).toCallToolsWithoutErrors();
    expect(failureOf(() => expect(history).toCallToolsWithoutErrors()).message).toContain('no rooms left in Oslo');
    expect(failureOf(() => expect(history).not.toCallTool('book_hotel')).message).toContain('book_hotel');
  });

  it('parallel(...) sees the calls of one model turn as one step', () => {
    expect(runs.afcResponse).toCallToolsInOrder([parallel('get_weather', 'get_weather', 'book_hotel')]);
    expect(runs.history).not.toCallToolsInOrder([parallel('book_hotel', 'book_hotel')]);
  });

  it('turn(history, n): a user content of function responses continues the turn', () => {
    expect(turn(runs.history, 1)).toCallToolsInOrder(['get_weather', 'get_weather', 'book_hotel'], { strict: true });
    expect(turn(runs.history, -1)).toCallToolsInOrder(['book_hotel'], { strict: true });
    expect(turn(runs.history, -1)).not.toCallTool('get_weather');
  });

  it('budgets: steps from model turns, tokens from a response that made one model call', () => {
    // 90 prompt + 25 candidates + 40 thinking tokens.
    expect(runs.manualResponse).toStayWithinBudget({ steps: 1, tokens: 155 });
    expect(runs.manualResponse).not.toStayWithinBudget({ tokens: 154 });
    expect(runs.history).toStayWithinBudget({ steps: 4 });
    expect(runs.history).not.toStayWithinBudget({ steps: 3 });
    // Automatic function calling keeps the last model call's usageMetadata only: the sum is unknown, not guessed.
    expect(matcherErrorOf(() => expect(runs.afcResponse).toStayWithinBudget({ tokens: 10_000 }))).toContain('counts only the last of its 2 model calls');
    expect(matcherErrorOf(() => expect(runs.history).toStayWithinBudget({ tokens: 10_000 }))).toContain('carries no token usage');
  });

  it('code execution is a call Gemini ran itself', () => {
    expect(runs.codeResponse).toCallTool('code_execution', { language: 'PYTHON', code: expect.stringContaining('sum') }, { output: '45\n' });
  });

  it('sample(...) over a list of runs', async () => {
    const list = [runs.manualContents, runs.afcResponse, runs.history];
    await expect(await sample(list)).toCallTool('get_weather');
    await expect(await sample(list, { minPassRate: 0.3 })).toCallToolsWithoutErrors();
    await expect(await sample(list, { minPassRate: 0.5 })).not.toCallToolsWithoutErrors();
  });
});

describe('Google Gen AI: read or refuse', () => {
  const withPart = (part: unknown) => {
    const contents = structuredClone(runs.history) as unknown as Array<{ parts: unknown[] }>;
    contents[1]!.parts.push(part);
    return contents;
  };

  it('an unknown part is refused by every matcher, .not and toCallNoTools included', () => {
    const run = withPart({ functionCallV2: { name: 'delete_all' } });
    expect(() => getToolCalls(run)).toThrow(UnknownPartError);
    expect(() => getToolCalls(run)).toThrow('reading the run as google-genai: its message 2, part 4 is { functionCallV2 }, which this reader does not know');
    const response = JSON.parse(JSON.stringify(runs.afcResponse)) as { candidates: Array<{ content: { parts: unknown[] } }> };
    response.candidates[0]!.content.parts.push({ functionCallV2: {} });
    expect(() => getToolCalls(response)).toThrow('its candidates[0].content, part 2 is { functionCallV2 }');
    for (const assertion of [
      () => expect(run).not.toCallTool('delete_all'),
      () => expect(run).toCallNoTools(),
      () => expect(run).not.toCallNoTools(),
      () => expect(run).toCallToolsWithoutErrors(),
      () => expect(run).toStayWithinBudget({ toolCalls: 100 }),
    ]) {
      expect(matcherErrorOf(assertion)).toContain('which this reader does not know');
    }
  });

  it('a user content holding only an unknown part is refused, naming it', () => {
    const history = [...runs.history, { role: 'user', parts: [{ functionCallV2: { name: 'delete_all' } }] }];
    expect(() => getToolCalls(history)).toThrow(`its message ${history.length}, part 1 is { functionCallV2 }`);
    expect(matcherErrorOf(() => expect(history).not.toCallTool('delete_all'))).toContain(`message ${history.length}, part 1`);
  });

  it('a streamed piece of a call is refused, not read as a whole call', () => {
    const run = withPart({ functionCall: { name: 'book_hotel', partialArgs: [{ jsonPath: '$.city', stringValue: 'Par' }], willContinue: true } });
    expect(() => getToolCalls(run)).toThrow('streamed piece of a functionCall');
  });

  it('a response with several candidates is refused: they are alternative answers', () => {
    const json = JSON.parse(JSON.stringify(runs.manualResponse)) as { candidates: unknown[] };
    json.candidates.push(json.candidates[0]);
    expect(() => getToolCalls(json)).toThrow('2 candidates');
  });

  it('a list of responses (stream chunks) is refused, saying what to pass', () => {
    expect(() => getToolCalls([runs.manualResponse, runs.codeResponse])).toThrow('Pass chat.getHistory()');
  });

  it('a text-only history reads as no calls', () => {
    expect(getToolCalls([{ role: 'user', parts: [{ text: 'hi' }] }, { role: 'model', parts: [{ text: 'Hello!' }] }])).toEqual([]);
  });
});

describe('Google Gen AI: toCallToolsWithValidInputs with the declarations the model was given', () => {
  it('reads parametersJsonSchema and OpenAPI parameters, as config.tools or FunctionDeclaration[]', () => {
    expect(runs.history).toCallToolsWithValidInputs(runs.tools.jsonSchema);
    expect(runs.manualContents).toCallToolsWithValidInputs(runs.tools.openApi);
    const declarations = runs.tools.openApi[0]!.functionDeclarations!;
    expect(runs.manualContents).toCallToolsWithValidInputs(declarations);
    expect(runs.codeResponse).toCallToolsWithValidInputs([{ codeExecution: {} }]);
  });

  it('an input that breaks the declared schema fails, naming the field', () => {
    const contents = structuredClone(runs.history);
    contents[1]!.parts![2]!.functionCall!.args = { city: 'Oslo', nights: 0 };
    expect(failureOf(() => expect(contents).toCallToolsWithValidInputs(runs.tools.jsonSchema)).message).toContain('nights');
    const openApi = structuredClone(runs.manualContents);
    openApi[1]!.parts![1]!.functionCall!.args = { city: 7 };
    expect(failureOf(() => expect(openApi).toCallToolsWithValidInputs(runs.tools.openApi)).message).toContain('city');
  });

  it('a built-in tool (googleSearch, …) declares no function; an object with other keys beside one is refused, not skipped', () => {
    expect(runs.history).toCallToolsWithValidInputs([...runs.tools.jsonSchema, { googleSearch: {} }, { urlContext: {}, exaAiSearch: {} }]);
    expect(matcherErrorOf(() => expect(runs.history).toCallToolsWithValidInputs([...runs.tools.jsonSchema, { googleSearch: {}, name: 'search' }] as never))).toContain(
      'tools[1] is no tool declaration this package reads (keys "googleSearch", "name")',
    );
  });

  it('a CallableTool is refused with how to get its declarations', () => {
    const callable = { tool: async () => ({}), callTool: async () => [] };
    expect(matcherErrorOf(() => expect(runs.history).toCallToolsWithValidInputs(callable as never))).toContain('(await callableTool.tool()).functionDeclarations');
  });
});
