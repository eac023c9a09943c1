import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = 'test/judge/fixtures/unawaited';

interface JsonReport {
  testResults: Array<{ name: string; status: string; message: string; assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
}

/** `file:line` of the line holding `marker` in a fixture, as the un-awaited error names it. */
async function lineOf(file: string, marker: string): Promise<string> {
  const lines = (await readFile(path.join(root, fixtures, file), 'utf8')).split('\n');
  return `${fixtures}/${file}:${lines.findIndex((line) => line.includes(marker)) + 1}:`;
}

const NOT_AWAITED =
  'A toUseAppropriateTools() assertion was not awaited, so its verdict could not fail the test. Write `await expect(run).toUseAppropriateTools(…)`.';

describe('a toUseAppropriateTools call the test forgot to await fails that test, in Vitest', () => {
  let child: { code: number | null; output: string };
  let report: JsonReport;
  let results: Record<string, { status: string; failureMessages: string[] }>;
  beforeAll(async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'judge-unawaited-report-'));
    const reportFile = path.join(out, 'report.json');
    const env = { ...process.env, CI: '', TOOL_CALL_ACCURACY_CACHE: '', VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined };
    child = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', `${fixtures}/vitest.config.ts`, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
        { cwd: root, env },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    report = JSON.parse(await readFile(reportFile, 'utf8')) as JsonReport;
    await rm(out, { recursive: true, force: true });
    results = Object.fromEntries(report.testResults.flatMap((file) => file.assertionResults).map((test) => [test.title, test]));
  }, 60_000);

  it('fails each test that forgot, whether its judge was still running or had settled, and only those', async () => {
    expect(Object.fromEntries(Object.entries(results).map(([title, test]) => [title, test.status]))).toMatchObject({
      'forgot await (cached verdict)': 'failed',
      'forgot await (judge that would fail)': 'failed',
      'forgot await (.not)': 'failed',
      'forgot await (settled before the test ended)': 'failed',
      'forgot await (.not, settled before the test ended)': 'failed',
      'then-ed and returned': 'passed',
      awaited: 'passed',
      returned: 'passed',
      'awaited together': 'passed',
      'awaited, while a concurrent sibling forgets': 'passed',
      'forgot await (concurrent)': 'failed',
      'a test after the hook': 'passed',
    });
    for (const title of [
      'forgot await (cached verdict)',
      'forgot await (judge that would fail)',
      'forgot await (.not)',
      'forgot await (settled before the test ended)',
      'forgot await (.not, settled before the test ended)',
      'forgot await (concurrent)',
    ]) {
      expect(results[title]!.failureMessages.join('\n')).toContain(NOT_AWAITED);
    }
    expect(child.code).not.toBe(0);
  });

  it('the error names the line of the forgotten call', async () => {
    const message = results['forgot await (cached verdict)']!.failureMessages.join('\n');
    expect(message).toContain(`Called at ${await lineOf('unawaited.fixture.ts', '// forgotten: cached verdict')}`);
  });

  it('with the global expect in concurrent tests, the line points at the right test even when another test is failed', async () => {
    // Which one fails depends on the runner's timing: a sibling test, or the file when that test had ended.
    const file = report.testResults.find((result) => result.name.endsWith('unawaited.fixture.ts'))!;
    const messages = ['forgets after an await (global expect)', 'still running when its sibling forgets (global expect)']
      .map((title) => results[title]!.failureMessages.join('\n'))
      .concat(file.message)
      .join('\n');
    expect(messages).toMatch(/A toUseAppropriateTools\(\) assertion( outside a test \(.*\))? was not awaited/);
    expect(messages).toContain(`Called at ${await lineOf('unawaited.fixture.ts', '// forgotten: global expect')}`);
  });

  it('a judge forgotten in beforeAll or afterAll fails the file, naming both lines', async () => {
    const hooks = report.testResults.find((file) => file.name.endsWith('hooks.fixture.ts'))!;
    expect(hooks.status).toBe('failed');
    expect(hooks.message).toContain('2 toUseAppropriateTools() assertions outside a test (in beforeAll or afterAll, or after its test ended) were not awaited');
    expect(hooks.message).toContain(`Called at ${await lineOf('hooks.fixture.ts', '// forgotten: beforeAll')}`);
    expect(hooks.message).toContain(`${await lineOf('hooks.fixture.ts', '// forgotten: afterAll')}`);
  });

  it('a judge still running when its test times out is cancelled, and one line names the test', async () => {
    expect(results['a judged test that times out']!.status).toBe('failed');
    expect(results['a test after the timed-out one']!.status).toBe('passed');
    const lines = child.output.split('\n').filter((line) => line.startsWith('tool-call-accuracy:'));
    const site = await lineOf('timeout.fixture.ts', '// times out');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `tool-call-accuracy: the test "a judged test that times out" ended while its toUseAppropriateTools() judge was still running (called at ${site}${/:(\d+)\)/.exec(lines[0]!)![1]}); the judge was cancelled.`,
    );
  });

  it('the forgotten judges leak no unhandled rejection', () => {
    expect(child.output).not.toMatch(/Unhandled/i);
  });
});
