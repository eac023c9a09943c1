import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolCallAccuracyError } from '../../src/errors.js';
import { VERDICT_STORE } from '../../src/judge/cacheSettings.js';
import { RECORDINGS_STORE } from '../../src/recordings/config.js';
import { resolveStoreSettings } from '../../src/store/index.js';

describe('the mode in force, for every user of the store', () => {
  it.each([VERDICT_STORE, RECORDINGS_STORE])('$configure: option, then configure, then the environment, then CI, else auto', (user) => {
    const env = { CI: 'true', [user.env]: 'record' };
    expect(resolveStoreSettings(user, { mode: 'auto' }, { mode: 'off' }, env)).toMatchObject({ mode: 'off', source: 'option' });
    expect(resolveStoreSettings(user, { mode: 'auto' }, {}, env)).toMatchObject({ mode: 'auto', source: user.configure });
    expect(resolveStoreSettings(user, {}, undefined, env)).toMatchObject({ mode: 'record', source: 'env' });
    expect(resolveStoreSettings(user, undefined, undefined, { CI: '1' })).toMatchObject({ mode: 'replay', source: 'CI' });
    expect(resolveStoreSettings(user, undefined, undefined, { CI: 'false' })).toMatchObject({ mode: 'auto', source: 'default' });
    expect(() => resolveStoreSettings(user, undefined, undefined, { [user.env]: 'replya' })).toThrow(ToolCallAccuracyError);
  });

  it("dir: the option's, else the configured one (against the working directory), else the user's default", () => {
    const testFile = path.resolve('test/agents/weather.test.ts');
    expect(resolveStoreSettings(RECORDINGS_STORE, { dir: 'a' }, { dir: 'b' }, {}, testFile).dir).toBe(path.resolve('b'));
    expect(resolveStoreSettings(RECORDINGS_STORE, { dir: 'a' }, {}, {}, testFile).dir).toBe(path.resolve('a'));
    // Recordings sit beside the test file; verdicts in the working directory.
    expect(resolveStoreSettings(RECORDINGS_STORE, undefined, undefined, {}, testFile).dir).toBe(path.resolve('test/agents/__recordings__'));
    expect(resolveStoreSettings(RECORDINGS_STORE, undefined, undefined, {}).dir).toBe(path.resolve('__recordings__'));
    expect(resolveStoreSettings(VERDICT_STORE, undefined, undefined, {}, testFile).dir).toBe(path.resolve('__judge__'));
  });
});
