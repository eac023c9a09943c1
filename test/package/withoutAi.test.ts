import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchers } from '../../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('the built package without ai and zod installed', () => {
  it('loads (ESM and CommonJS) and scores runs; only the judge needs them', () => {
    // This checks the build: `npm test` builds first; alone, run `npm run build` before it.
    expect(existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url))), 'dist/ is missing: run npm run build').toBe(true);
    const child = spawnSync(process.execPath, ['--import', fixture('block-ai.mjs'), fixture('score-without-ai.mjs')], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    // Every matcher of the source is in the build.
    expect(JSON.parse(child.stdout)).toEqual({ score: 1, cjsScore: 1, calls: 1, matchers: Object.keys(matchers).length, aiImport: 'ERR_MODULE_NOT_FOUND' });
  });
});
