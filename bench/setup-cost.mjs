// What the Vitest setup file adds to each test file's start: 30 one-line test files run with an
// empty setup file (one trivial expect.extend) and with tool-call-accuracy/vitest, three times
// each; the difference in Vitest's own "setup" total, per file. Run: npm run build && node bench/setup-cost.mjs
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = 30;
const dir = mkdtempSync(path.join(tmpdir(), 'tca-setup-'));
try {
  mkdirSync(path.join(dir, 't'));
  // Installed as a user has it: a copy of the package in node_modules (so Vitest externalizes it),
  // beside a link to the repository's vitest (the package has no runtime dependencies).
  const installed = path.join(dir, 'node_modules', 'tool-call-accuracy');
  for (const part of ['package.json', 'matchers.d.ts', 'dist']) cpSync(path.join(root, part), path.join(installed, part), { recursive: true });
  symlinkSync(path.join(root, 'node_modules', 'vitest'), path.join(dir, 'node_modules', 'vitest'));
  for (let i = 0; i < files; i++) {
    writeFileSync(path.join(dir, 't', `f${i}.test.mjs`), "import { expect, it } from 'vitest';\nit('x', () => { expect(1).toBe(1); });\n");
  }
  writeFileSync(path.join(dir, 'empty-setup.mjs'), "import { expect } from 'vitest';\nexpect.extend({ toBeX: () => ({ pass: true, message: () => '' }) });\n");
  const config = (setup) => {
    const file = path.join(dir, `${path.basename(setup)}.config.mjs`);
    writeFileSync(file, `export default { root: ${JSON.stringify(dir)}, test: { include: ['t/*.test.mjs'], setupFiles: [${JSON.stringify(setup)}] } };\n`);
    return file;
  };
  const configs = { empty: config(path.join(dir, 'empty-setup.mjs')), ours: config('tool-call-accuracy/vitest') };
  const setupMs = (configFile) => {
    const out = execFileSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', configFile], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return Number(/setup ([\d.]+)(m?s)/.exec(out)?.[1] ?? NaN) * (/setup [\d.]+s\b/.test(out) ? 1000 : 1);
  };
  const samples = { empty: [], ours: [] };
  for (let round = 0; round < 3; round++) for (const name of ['empty', 'ours']) samples[name].push(setupMs(configs[name]));
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  console.log(`Vitest "setup" time over ${files} test files (median of 3): empty setup ${median(samples.empty)} ms, tool-call-accuracy/vitest ${median(samples.ours)} ms`);
  console.log(`  added per test file: ${((median(samples.ours) - median(samples.empty)) / files).toFixed(1)} ms`);
  // Jest loads the setup file in each test file's module registry: the time to require the
  // CommonJS entry in a fresh process (with the globals Jest provides), median of 21.
  const requireMs = (file) =>
    Number(
      execFileSync(
        process.execPath,
        ['-e', `globalThis.expect = { extend() {}, getState: () => ({}) }; globalThis.afterEach = globalThis.afterAll = () => {}; const start = performance.now(); require(${JSON.stringify(file)}); console.log(performance.now() - start);`],
        { encoding: 'utf8' },
      ),
    );
  const jestSamples = Array.from({ length: 21 }, () => requireMs(path.join(installed, 'dist', 'jest.cjs'))).sort((a, b) => a - b);
  console.log(`Jest: require('tool-call-accuracy/jest') in a fresh process (median of 21): ${jestSamples[10].toFixed(1)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
