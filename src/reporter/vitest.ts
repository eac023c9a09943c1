/**
 * Vitest reporter: `reporters: ['default', 'tool-call-accuracy/reporter']`, or with options
 * `['tool-call-accuracy/reporter', { html: 'reports/tool-calls.html' }]`. At the end of the run
 * it prints a table of every sampled or judged assertion, appends it to `$GITHUB_STEP_SUMMARY`,
 * writes an HTML page and a results JSON, comparing each assertion with a baseline's when given
 * one. The assertions travel in each test's metadata, so the report covers every worker, and `vitest --merge-reports` of sharded blob reports gives one report of all shards.
 */
import path from 'node:path';
import { META_KEY, type AssertionRecord, type ReportedAssertion } from './record.js';
import { checkReporterOptions, writeReport, type ReporterOptions } from './output.js';

export type { ReporterOptions };

// The few parts of Vitest's reporter API used here, typed structurally so this entry needs no types from vitest.
interface TestCaseLike {
  type: 'test';
  fullName: string;
  meta(): Record<string, unknown>;
}
interface TestModuleLike {
  moduleId: string;
  children: { allTests(): Iterable<TestCaseLike> };
}
interface VitestLike {
  config: { root: string };
  logger: { log(text: string): void; error(text: string): void };
}

export default class ToolCallAccuracyReporter {
  private vitest: VitestLike | undefined;

  constructor(private readonly options: ReporterOptions = {}) {
    checkReporterOptions(options);
  }

  onInit(vitest: VitestLike): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModuleLike>): void {
    const root = this.vitest?.config.root ?? process.cwd();
    const records: ReportedAssertion[] = [];
    for (const testModule of testModules) {
      const file = path.relative(root, testModule.moduleId) || testModule.moduleId;
      for (const testCase of testModule.children.allTests()) {
        const recorded = testCase.meta()[META_KEY];
        if (Array.isArray(recorded)) for (const record of recorded as AssertionRecord[]) records.push({ file, test: testCase.fullName, ...record });
      }
    }
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : console.log(text));
    const { failure } = writeReport(records, this.options, log, 'vitest');
    if (failure) {
      if (this.vitest) this.vitest.logger.error(failure);
      else console.error(failure);
      // Vitest sets a failed run's exit code before calling the reporters, and never resets it.
      process.exitCode = 1;
    }
  }
}

// A named export beside the default keeps the CommonJS build in named-exports form (`exports.default`), as its types declare.
export { ToolCallAccuracyReporter };
