import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as bodies from '../../src/matchers/bodies.js';
import { matchersFor } from '../../src/matchers/lazy.js';
import { jestMatchers, matchers } from '../../src/setup.js';
import type { MatcherContext, MatcherResult } from '../../src/matcherContext.js';

// The setup file registers these, so every matcher test runs through them; these check what the
// runners see of the matchers themselves.
describe('the matchers each runner registers', () => {
  it('are the bodies’ matchers, name for name and in the same order, for both runners', () => {
    for (const registered of [matchers, jestMatchers]) {
      expect(Object.keys(registered)).toEqual(bodies.MATCHER_NAMES);
      for (const [name, matcher] of Object.entries(registered)) expect(matcher.name).toBe(name);
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
    const direct = matchersFor(() => bodies, { diffInMessage: false });
    for (const negated of [false, true]) {
      if (negated) (expect(null).not as unknown as { captureContext(): void }).captureContext();
      else (expect(null) as unknown as { captureContext(): void }).captureContext();
      const viaLoader = matchers.toCallTool.call(context!, run, 'search', { q: 'Oslo' }) as MatcherResult;
      const viaImport = direct.toCallTool.call(context!, run, 'search', { q: 'Oslo' }) as MatcherResult;
      expect([viaLoader.pass, viaLoader.message()]).toEqual([viaImport.pass, viaImport.message()]);
      expect(stripVTControlCharacters(viaLoader.message())).toContain(negated ? '(run).not.toCallTool(' : '(run).toCallTool(');
    }
  });
});
