import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { matchers } from '../../src/matchers/index.js';
import { lazyJestMatchers, lazyMatchers } from '../../src/matchers/lazy.js';
import type { MatcherContext, MatcherResult } from '../../src/format/matcherContext.js';

// The setup file registers the stubs, so every matcher test runs through them; these check what
// the runners see of the stubs themselves.
describe('the setup entries’ matcher stubs', () => {
  it('are the matchers, name for name and in the same order, for both runners', () => {
    for (const stubs of [lazyMatchers, lazyJestMatchers]) {
      expect(Object.keys(stubs)).toEqual(Object.keys(matchers));
      for (const [name, stub] of Object.entries(stubs)) expect(stub.name).toBe(name);
    }
  });

  it('hand the call on with the runner’s context and the arguments, .not included', () => {
    let context: MatcherContext | undefined;
    expect.extend({
      captureContext(this: MatcherContext) {
        context = this;
        return { pass: !this.isNot, message: () => '' };
      },
    });
    const run = [{ toolName: 'search', input: { q: 'Oslo' } }];
    for (const negated of [false, true]) {
      if (negated) (expect(null).not as unknown as { captureContext(): void }).captureContext();
      else (expect(null) as unknown as { captureContext(): void }).captureContext();
      const viaStub = lazyMatchers.toCallTool.call(context!, run, 'search', { q: 'Oslo' }) as MatcherResult;
      const direct = matchers.toCallTool.call(context!, run, 'search', { q: 'Oslo' }) as MatcherResult;
      expect([viaStub.pass, viaStub.message()]).toEqual([direct.pass, direct.message()]);
      expect(stripVTControlCharacters(viaStub.message())).toContain(negated ? '(run).not.toCallTool(' : '(run).toCallTool(');
    }
  });
});
