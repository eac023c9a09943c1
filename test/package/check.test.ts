import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('check(run) from the built package, without a test runner', () => {
  it('works from ES modules and CommonJS, and loads its equality and printing libraries only at the first check', () => {
    // This checks the build: `npm test` builds first; alone, run `npm run build` before it.
    expect(existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url))), 'dist/ is missing: run npm run build').toBe(true);
    const child = spawnSync(process.execPath, [fixture('check-outside-runner.mjs')], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1' } });
    expect(child.stderr).toBe('');
    const failure = { name: 'ToolCallCheckError', firstLine: 'expect(run).toCallToolsInOrder(expected)', hasDiff: true, coloured: false };
    expect(JSON.parse(child.stdout)).toEqual({ atImport: false, afterCjsImport: false, esm: failure, cjs: failure, afterCheck: true });
  });
});
