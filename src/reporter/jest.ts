/**
 * Jest reporter: `reporters: ['default', 'tool-call-accuracy/jest-reporter']`, or with options
 * `['tool-call-accuracy/jest-reporter', { html: 'reports/tool-calls.html' }]`: the Vitest reporter's
 * report. Jest has no test metadata: the reporter names a directory in an environment variable
 * before the workers start, and the matchers append their records there (one file per worker).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReportedAssertion } from './record.js';
import { checkReporterOptions, writeReport, type ReporterOptions } from './output.js';
import { calibrationOf } from './calibration.js';
import { recordingsReport, type RunScope, type RunTest } from './recordings.js';
import { mergeUses, REPORT_DIR_ENV, type ReportedRecordingUse } from '../recordings/usage.js';

export type { ReporterOptions };

// The few parts of Jest's reporter API used here, typed structurally so this entry needs no types from Jest.
interface JestGlobalConfig {
  rootDir?: string;
  testNamePattern?: string;
  testPathPatterns?: { patterns?: readonly string[] } | readonly string[];
  onlyChanged?: boolean;
  onlyFailures?: boolean;
  findRelatedTests?: boolean;
  changedSince?: string;
  lastCommit?: boolean;
  shard?: { shardIndex: number; shardCount: number };
}
interface JestResults {
  wasInterrupted?: boolean;
  testResults?: ReadonlyArray<{ testFilePath: string; testResults: ReadonlyArray<{ fullName: string; status: string }> }>;
}

export default class ToolCallAccuracyJestReporter {
  private readonly dir: string;
  private readonly rootDir: string;
  private failure: Error | undefined;

  constructor(private readonly globalConfig: JestGlobalConfig = {}, private readonly options: ReporterOptions = {}) {
    checkReporterOptions(options);
    this.rootDir = globalConfig.rootDir ?? process.cwd();
    this.dir = mkdtempSync(path.join(tmpdir(), 'tool-call-accuracy-report-'));
    // Workers are started after the reporters are made, and inherit this; in-band tests read it directly.
    process.env[REPORT_DIR_ENV] = this.dir;
  }

  async onRunComplete(_contexts?: unknown, results: JestResults = {}): Promise<void> {
    try {
      const log = (text: string) => process.stdout.write(`${text}\n`);
      const { records, uses } = this.readRecords();
      const tests: RunTest[] = (results.testResults ?? []).flatMap((file) => file.testResults.map((test) => ({ file: file.testFilePath, name: test.fullName, passed: test.status === 'passed' })));
      const recordings = await recordingsReport(uses, tests, this.scope(results), process.cwd());
      const { failure } = writeReport(records, this.options, log, 'jest', recordings, await calibrationOf(records));
      if (recordings) log(recordings.text);
      if (failure) {
        process.stderr.write(`${failure}\n`);
        this.failure = new Error(failure);
      }
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  /** Jest fails the run (exit code 1) when a reporter has an error to give here. */
  getLastError(): Error | undefined {
    return this.failure;
  }

  /** A full run: no path or name filter, not only changed or failed tests, not a shard, not interrupted. */
  private scope(results: JestResults): RunScope {
    const config = this.globalConfig;
    if (config.shard) return { full: false, why: `this is shard ${config.shard.shardIndex}/${config.shard.shardCount}, and Jest's shards have no merged report: run unsharded to find them` };
    const patterns = Array.isArray(config.testPathPatterns) ? config.testPathPatterns : ((config.testPathPatterns as { patterns?: readonly string[] } | undefined)?.patterns ?? []);
    if (patterns.length > 0) return { full: false, why: 'test files were filtered by path' };
    if (config.testNamePattern) return { full: false, why: 'tests were filtered by name (-t)' };
    if (config.onlyChanged || config.onlyFailures || config.findRelatedTests || config.changedSince || config.lastCommit) return { full: false, why: 'only some test files ran (changed, related or failed ones)' };
    if (results.wasInterrupted) return { full: false, why: 'the run was interrupted' };
    return { full: true };
  }

  private readRecords(): { records: ReportedAssertion[]; uses: ReportedRecordingUse[] } {
    const records: ReportedAssertion[] = [];
    const uses: ReportedRecordingUse[] = [];
    for (const name of readdirSync(this.dir).sort()) {
      const lines = readFileSync(path.join(this.dir, name), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line === '') return;
        let record: ReportedAssertion | { recording: ReportedRecordingUse };
        try {
          record = JSON.parse(line) as ReportedAssertion | { recording: ReportedRecordingUse };
        } catch {
          throw new Error(`tool-call-accuracy/jest-reporter: line ${index + 1} of ${path.join(this.dir, name)} is not a record (was a worker killed while writing?).`);
        }
        if ('recording' in record) uses.push(record.recording);
        else records.push({ ...record, file: path.relative(this.rootDir, record.file) || record.file });
      });
    }
    return { records, uses: mergeUses(uses) };
  }
}

// A named export beside the default keeps the CommonJS build in named-exports form (`exports.default`), as its types declare.
export { ToolCallAccuracyJestReporter };
