/**
 * recordedModel as a Mastra 1.x agent's model (reference/mastra1, the real @mastra/core), over the
 * AI SDK's MockLanguageModelV3 the travel agent of test/helpers/mastra1.ts uses: recorded once,
 * replayed with a model that must not be called.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { recordedModel } from '../../src/index.js';
import { resetStoreActivity } from '../../src/store/index.js';
import { Agent, noopLogger } from '../../reference/mastra1/runtime.js';
import { travelModel, travelTools } from '../helpers/mastra1.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recordings-mastra-'));
  resetStoreActivity();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function agentWith(model: unknown) {
  const agent = new Agent({ id: 'travel-agent', name: 'Travel agent', instructions: 'Find and book flights with the tools.', model: model as never, tools: travelTools });
  agent.__setLogger(noopLogger);
  return agent;
}

const callsTo = (model: ReturnType<typeof travelModel>) => model.doGenerateCalls.length + model.doStreamCalls.length;

it('a Mastra agent records its model steps once and replays them with no model call', async () => {
  const live = travelModel();
  const recorded = await agentWith(recordedModel(live, { mode: 'record', dir })).generate('Book a flight from SFO to JFK');
  expect(callsTo(live)).toBe(3);
  expect(recorded).toCallToolsInOrder(['search-flights', 'book-flight']);
  const files = await readdir(dir);
  expect(files).toHaveLength(1);
  // Mastra stamps each message with the time it was made (providerOptions.mastra.createdAt): not part of the request.
  expect(await readFile(path.join(dir, files[0]!), 'utf8')).not.toContain('createdAt');

  resetStoreActivity(); // as a new process would
  const idle = travelModel();
  const replayed = await agentWith(recordedModel(idle, { mode: 'replay', dir })).generate('Book a flight from SFO to JFK');
  expect(callsTo(idle)).toBe(0);
  expect(replayed.text).toBe(recorded.text);
  expect(replayed).toCallToolsInOrder([{ toolName: 'search-flights', input: { from: 'SFO', to: 'JFK' } }, 'book-flight']);

  const error = await agentWith(recordedModel(idle, { mode: 'replay', dir }))
    .generate('Which flights go from SFO to JFK?')
    .then(
      (result) => (result as { error?: unknown }).error ?? result,
      (e: unknown) => e,
    );
  expect(callsTo(idle)).toBe(0);
  expect(String((error as Error)?.message ?? error)).toContain('No recording of this model request in test');
});
