import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { dist, loadedWith } from './loadedWith.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(() => {
  expect(existsSync(path.join(dist, 'index.js')), 'dist/ is missing: run npm run build').toBe(true);
});

describe("importing the main entry loads only what a call needs", () => {
  it.each(['index.js', 'index.cjs'])('%s imports neither node:crypto, ai nor zod (the judge loads what it needs when it runs)', (entry) => {
    const { modules } = loadedWith(entry);
    expect(modules.filter((name) => /^(node:)?crypto$/.test(name))).toEqual([]);
    expect(modules.filter((name) => /^(ai|zod)(\/|$)/.test(name))).toEqual([]);
  });

  it('in Node, with ai and zod unresolvable: neither import loads node:crypto, nor does scoring a run that needs a fresh run id', () => {
    const child = spawnSync(process.execPath, ['--import', fixture('block-ai.mjs'), fixture('import-main.mjs')], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ before: false, afterImport: false, afterRequire: false, afterScoring: false, score: 1, runId: true });
  });
});
