/**
 * Vitest reporter: `reporters: ['default', 'tool-call-accuracy/reporter']`, or with options
 * `['tool-call-accuracy/reporter', { html: 'reports/tool-calls.html' }]`. The assertions travel in each
 * test's metadata, so the report covers every worker, and `vitest --merge-reports` every shard.
 */
import path from 'node:path';
import { META_KEY, type AssertionRecord, type ReportedAssertion } from './record.js';
import { checkReporterOptions, writeReport, type ReporterOptions } from './output.js';
import { calibrationOf } from './calibration.js';
import { recordingsReport, type RunScope, type RunTest } from './recordings.js';
import { RECORDINGS_META_KEY, type RecordingUse, type ReportedRecordingUse } from '../recordings/usage.js';

export type { ReporterOptions };

// The few parts of Vitest's reporter API used here, typed structurally so this entry needs no types from vitest.
interface TestCaseLike {
  type: 'test';
  fullName: string;
  meta(): Record<string, unknown>;
  result(): { state: string };
}
interface TestModuleLike {
  moduleId: string;
  children: { allTests(): Iterable<TestCaseLike> };
}
interface VitestLike {
  config: { root: string; shard?: { index: number; count: number }; testNamePattern?: RegExp; mergeReports?: string };
  logger: { log(text: string): void; error(text: string): void };
  globTestSpecifications?(): Promise<ReadonlyArray<{ moduleId: string }>>;
}

export default class ToolCallAccuracyReporter {
  private vitest: VitestLike | undefined;

  constructor(private readonly options: ReporterOptions = {}) {
    checkReporterOptions(options);
  }

  onInit(vitest: VitestLike): void {
    this.vitest = vitest;
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModuleLike>, _errors?: unknown, reason?: string): Promise<void> {
    const root = this.vitest?.config.root ?? process.cwd();
    const records: ReportedAssertion[] = [];
    const uses: ReportedRecordingUse[] = [];
    const tests: RunTest[] = [];
    for (const testModule of testModules) {
      const file = path.relative(root, testModule.moduleId) || testModule.moduleId;
      for (const testCase of testModule.children.allTests()) {
        const meta = testCase.meta();
        const recorded = meta[META_KEY];
        if (Array.isArray(recorded)) for (const record of recorded as AssertionRecord[]) records.push({ file, test: testCase.fullName, ...record });
        const used = meta[RECORDINGS_META_KEY];
        if (Array.isArray(used)) for (const use of used as RecordingUse[]) uses.push({ testFile: testModule.moduleId, test: testCase.fullName, ...use });
        tests.push({ file: testModule.moduleId, name: testCase.fullName, passed: testCase.result().state === 'passed' });
      }
    }
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text));
    const recordings = await recordingsReport(uses, tests, await this.scope(testModules, reason), process.cwd());
    const { failure } = writeReport(records, this.options, log, 'vitest', recordings, await calibrationOf(records));
    if (recordings) log(recordings.text);
    if (failure) {
      if (this.vitest) this.vitest.logger.error(failure);
      else console.error(failure);
      // Vitest sets a failed run's exit code before calling the reporters, and never resets it.
      process.exitCode = 1;
    }
  }

  /** A full run: not one shard, no test-name filter, not interrupted, and every test file of the configuration ran (a merged report of every shard does). */
  private async scope(testModules: ReadonlyArray<TestModuleLike>, reason: string | undefined): Promise<RunScope> {
    const config = this.vitest?.config;
    if (config?.shard) return { full: false, why: `this is shard ${config.shard.index}/${config.shard.count}; they are looked for where the shards' reports merge (vitest --merge-reports)` };
    if (config?.testNamePattern) return { full: false, why: `tests were filtered by name (${String(config.testNamePattern)})` };
    if (reason === 'interrupted') return { full: false, why: 'the run was interrupted' };
    if (typeof this.vitest?.globTestSpecifications !== 'function') return { full: false, why: 'this Vitest cannot list the test files to tell a full run' };
    const ran = new Set(testModules.map((testModule) => testModule.moduleId));
    const missing = (await this.vitest.globTestSpecifications()).filter((spec) => !ran.has(spec.moduleId));
    return missing.length === 0 ? { full: true } : { full: false, why: `${missing.length} of the configuration's test files did not run` };
  }
}

// A named export beside the default keeps the CommonJS build in named-exports form (`exports.default`), as its types declare.
export { ToolCallAccuracyReporter };
