import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface Child {
  code: number;
  output: string;
}

function run(args: string[], env: Record<string, string | undefined>): Promise<Child> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

// The child must not think it is a worker of this Vitest, nor see this machine's CI settings or a baseline.
const CLEAN = { CI: '', GITHUB_STEP_SUMMARY: '', TOOL_CALL_ACCURACY_CACHE: '', TOOL_CALL_ACCURACY_BASELINE: undefined, NO_COLOR: '1' };

/** A real Vitest process in the repository. */
export function vitest(args: string[], env: Record<string, string | undefined>): Promise<Child> {
  return run([path.join(root, 'node_modules/vitest/vitest.mjs'), ...args], { ...CLEAN, VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, ...env });
}

/** A real Jest process in the repository. */
export function jest(args: string[], env: Record<string, string | undefined>): Promise<Child> {
  return run([path.join(root, 'node_modules/jest/bin/jest.js'), ...args], { ...CLEAN, ...env });
}

/** The report table's lines, by test name, cells joined with ` | `. */
export function tableRows(output: string): Record<string, string> {
  const lines = output.split('\n');
  const header = lines.findIndex((line) => line.startsWith('Test ') && line.includes('Assertion') && line.includes('95% interval'));
  expect(header, output).toBeGreaterThan(-1);
  const end = lines.findIndex((line, index) => index > header && line.trim() === '');
  const rows = lines.slice(header + 2, end === -1 ? undefined : end).filter((line) => !/^(HTML report|Results file):/.test(line));
  return Object.fromEntries(rows.map((line) => [line.split('  ')[0]!.trim(), line.replace(/\s{2,}/g, ' | ')]));
}
