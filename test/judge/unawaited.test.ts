import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface JsonReport {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

it('a toUseAppropriateTools call the test forgot to await fails that test, in Vitest', async () => {
  const out = await mkdtemp(path.join(tmpdir(), 'judge-unawaited-report-'));
  const reportFile = path.join(out, 'report.json');
  const env = { ...process.env, CI: '', TOOL_CALL_ACCURACY_CACHE: '', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined };
  const child = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/judge/fixtures/unawaited/vitest.config.ts', '--reporter=json', `--outputFile=${reportFile}`],
      { cwd: root, env },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as JsonReport;
  await rm(out, { recursive: true, force: true });

  const results = Object.fromEntries(report.testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
  expect(Object.fromEntries(Object.entries(results).map(([title, test]) => [title, test.status]))).toEqual({
    'forgot await (cached verdict)': 'failed',
    'forgot await (judge that would fail)': 'failed',
    'forgot await (.not)': 'failed',
    awaited: 'passed',
    returned: 'passed',
    'awaited together': 'passed',
    'awaited, while a concurrent sibling forgets': 'passed',
    'forgot await (concurrent)': 'failed',
  });
  for (const title of ['forgot await (cached verdict)', 'forgot await (judge that would fail)', 'forgot await (.not)', 'forgot await (concurrent)']) {
    expect(results[title]!.failureMessages.join('\n')).toContain(
      'A toUseAppropriateTools() assertion was not awaited, so the test ended before the judge gave a verdict and the assertion could not fail it. Write `await expect(run).toUseAppropriateTools(…)`.',
    );
  }
  expect(child.code).not.toBe(0);
  expect(child.output).not.toMatch(/Unhandled/i); // the abandoned judges' late outcomes leak nowhere
}, 60_000);
