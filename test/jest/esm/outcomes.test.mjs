// The matchers of how a run went under Jest's ESM mode, on a real ai@7 tool loop (ESM-only).
import * as ai from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createRequire } from 'node:module';

const { outcomeLoop } = createRequire(import.meta.url)('../fixtures/outcomeLoop.cjs');

test('outcomes, failed calls with retries, repeats and call budgets on an ai@7 loop', async () => {
  const run = await outcomeLoop(ai, MockLanguageModelV4);
  expect(run).toCallTool('lookup', { url: 'https://x.test/bad' }, { error: 'bad gateway' });
  expect(run).toCallToolsInOrder([{ toolName: 'lookup', error: true }, { toolName: 'lookup', output: { status: 200 } }]);
  expect(run).not.toCallToolsWithoutErrors();
  expect(run).toCallToolsWithoutErrors({ retries: 1 });
  expect(run).toCallToolTimes(expect.any(String), { min: 4, max: 4 });
  expect(run).toRepeatToolCalls();
  expect(() => expect(run).not.toRepeatToolCalls({ consecutive: false })).toThrow('call 4: "search" {"q":"cats"} repeats call 3');
  expect(() => expect(run).toCallToolsWithoutErrors({ retries: 0.5 })).toThrow(TypeError);
});
