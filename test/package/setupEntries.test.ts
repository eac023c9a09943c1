import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dist, loadedWith } from './loadedWith.js';

// These check the build: `npm test` builds first; alone, run `npm run build` before them.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => path.join(root, 'test/package/fixtures', name);

beforeAll(() => {
  expect(existsSync(path.join(dist, 'vitest.js')), 'dist/ is missing: run npm run build').toBe(true);
});

describe('a test file starts by loading the setup entry, not the matchers', () => {
  it.each(['vitest.js', 'jest.cjs', 'jest.js'])('%s loads its shared part, one file, and neither the matchers, node:crypto, ai nor zod', (entry) => {
    const { files, modules, bytes } = loadedWith(entry);
    // Each module a setup file loads costs every test file's start (see tsup.config.ts): two files, no chunk.
    expect(files).toEqual([entry, entry.endsWith('.cjs') ? 'setup.cjs' : 'setup.js'].sort());
    expect(modules).not.toContain('crypto');
    expect(modules.filter((name) => /^(ai|zod)(\/|$)/.test(name))).toEqual([]);
    // The matchers are about 140 KB; what every test file loads stays small.
    expect(bytes).toBeLessThan(6_000);
  });

  it('the matchers, loaded at the first call, load neither node:crypto, ai nor zod', () => {
    for (const file of ['bodies.js', 'bodies.cjs']) {
      const { modules } = loadedWith(file);
      expect(modules).not.toContain('crypto');
      expect(modules.filter((name) => /^(ai|zod)(\/|$)/.test(name))).toEqual([]);
    }
  });

  it('Jest: require() of the entry loads it and its shared part; the first matcher call loads the matchers, and still no node:crypto, ai or zod', () => {
    const child = spawnSync(process.execPath, [fixture('jest-start.cjs')], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({
      atStart: { files: ['jest.cjs', 'setup.cjs'], crypto: false, aiOrZod: false },
      afterCall: { files: ['bodies.cjs', 'jest.cjs', 'setup.cjs'], crypto: false, aiOrZod: false },
      pass: true,
    });
  });

  it('ES modules: the matchers loaded by require() at the first call are the instances the package import gives, with nothing printed', () => {
    // ai and zod unresolvable, as in a project without them.
    const child = spawnSync(process.execPath, ['--import', fixture('block-ai.mjs'), fixture('vitest-start.mjs')], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ atStart: { crypto: false }, afterCall: { crypto: false }, pass: true, sameErrorClass: true });
  });
});

// Each test starts a child Vitest: seconds on a loaded machine, so a generous timeout (speed is not what they check).
describe('the Vitest setup entry, installed in a project, in each of Vitest’s ways of running a file', { timeout: 30_000 }, () => {
  // The package as a user has it: a copy in node_modules (so Vitest loads it with Node, not Vite),
  // beside a link to the repository's vitest.
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'tca-consumer-'));
    const installed = path.join(project, 'node_modules', 'tool-call-accuracy');
    for (const part of ['package.json', 'matchers.d.ts', 'dist']) cpSync(path.join(root, part), path.join(installed, part), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', 'vitest'), path.join(project, 'node_modules', 'vitest'));
    cpSync(fixture('consumer/consumer.test.mjs'), path.join(project, 'consumer.test.mjs'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  // forks and threads: the matchers load with require() at the first call. vmThreads: Vitest's own
  // require() cannot load an ES module, and an inlined package runs in Vite: both load them at the start.
  it.each([
    ['forks', { pool: 'forks' }],
    ['threads', { pool: 'threads' }],
    ['vmThreads', { pool: 'vmThreads' }],
    ['forks, the package inlined', { pool: 'forks', server: { deps: { inline: ['tool-call-accuracy'] } } }],
  ])('%s: the matchers work, share the package’s classes and judge configuration, and print no warning', async (name, options) => {
    const config = path.join(project, `${name.replace(/\W+/g, '-')}.config.mjs`);
    const test = { include: ['consumer.test.mjs'], setupFiles: ['tool-call-accuracy/vitest'], ...options };
    writeFileSync(config, `export default ${JSON.stringify({ root: project, test })};\n`);
    const env = { ...process.env, NO_COLOR: '1', CI: '', TOOL_CALL_ACCURACY_CACHE: '', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined };
    const child = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config], { cwd: project, env }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(child.output).toContain('Tests  4 passed (4)');
    expect(child.output).not.toMatch(/Warning/);
    expect(child.code).toBe(0);
  });
});
