/**
 * Jest reporter: `reporters: ['default', 'tool-call-accuracy/jest-reporter']`, or with options
 * `['tool-call-accuracy/jest-reporter', { html: 'reports/tool-calls.html' }]`. The same table,
 * step summary and HTML page as the Vitest reporter. Jest has no test metadata: the reporter
 * names a directory in an environment variable before the workers start, and the matchers append
 * their records there (one file per worker).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_DIR_ENV, type ReportedAssertion } from './record.js';
import { checkReporterOptions, writeReport, type ReporterOptions } from './output.js';

export type { ReporterOptions };

export default class ToolCallAccuracyJestReporter {
  private readonly dir: string;
  private readonly rootDir: string;
  private failure: Error | undefined;

  constructor(globalConfig: { rootDir?: string } = {}, private readonly options: ReporterOptions = {}) {
    checkReporterOptions(options);
    this.rootDir = globalConfig.rootDir ?? process.cwd();
    this.dir = mkdtempSync(path.join(tmpdir(), 'tool-call-accuracy-report-'));
    // Workers are started after the reporters are made, and inherit this; in-band tests read it directly.
    process.env[REPORT_DIR_ENV] = this.dir;
  }

  onRunComplete(): void {
    try {
      const { failure } = writeReport(this.readRecords(), this.options, (text) => process.stdout.write(`${text}\n`), 'jest');
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

  private readRecords(): ReportedAssertion[] {
    const records: ReportedAssertion[] = [];
    for (const name of readdirSync(this.dir).sort()) {
      const lines = readFileSync(path.join(this.dir, name), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line === '') return;
        let record: ReportedAssertion;
        try {
          record = JSON.parse(line) as ReportedAssertion;
        } catch {
          throw new Error(`tool-call-accuracy/jest-reporter: line ${index + 1} of ${path.join(this.dir, name)} is not a record (was a worker killed while writing?).`);
        }
        records.push({ ...record, file: path.relative(this.rootDir, record.file) || record.file });
      });
    }
    return records;
  }
}

// A named export beside the default keeps the CommonJS build in named-exports form (`exports.default`), as its types declare.
export { ToolCallAccuracyJestReporter };
