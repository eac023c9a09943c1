// What the setup entries add to each test file's start, and what a test file's first matcher call
// then costs (the entries register the matchers; their bodies load at that call).
//
// Vitest: 30 one-line test files, run with an empty setup file (one trivial expect.extend) and with
// tool-call-accuracy/vitest installed as a copy in node_modules (as users have it), in interleaved
// rounds (each round runs every variant once, in a rotating order, so a change in the machine's load
// falls on all of them). A small reporter reads each file's own "setup" time from Vitest; per round,
// the median file with our setup minus the median file with the empty one, and the same for the
// average (Vitest's "setup" total over the number of files, which includes what only the run's first
// file pays, and which a few files slowed by the machine move); the figures are the medians of those
// over the rounds, with their range. Vitest runs with its default pool and isolation
// (forks, a fresh process per file) and one worker, so files do not compete with each other for the
// CPU. The same files calling one matcher, against the same files without the call, give the first
// call's cost (the test's own time).
//
// Jest: the time to require the CommonJS entry (what Jest loads in both of its modes) in a fresh
// process with the globals Jest provides, then the time of the first matcher call; medians of 21
// interleaved processes.
//
// Run: npm run build && node bench/setup-cost.mjs [--rounds 9] [--against <package dir>]
// --against measures another build of the package beside this one, in the same rounds (a directory
// with its package.json, matchers.d.ts and built dist/, such as a checkout of main after npm run build).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, against: { type: 'string' } } });
const rounds = Number(options.rounds);
const files = 30;
const builds = { 'this build': root, ...(options.against && { against: path.resolve(options.against) }) };

const dir = mkdtempSync(path.join(tmpdir(), 'tca-setup-'));
try {
  const vitest = Object.entries(builds).map(([name, source], index) => project(name, source, path.join(dir, `p${index}`)));
  const vitestRuns = [
    { name: 'empty', project: vitest[0], config: vitest[0].configs.empty },
    ...vitest.flatMap((p) => [
      { name: `${p.name}`, project: p, config: p.configs.ours },
      { name: `${p.name}, calling a matcher`, project: p, config: p.configs.calling },
    ]),
  ];
  const samples = new Map(vitestRuns.map((run) => [run, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < vitestRuns.length; i++) {
      const run = vitestRuns[(i + round) % vitestRuns.length];
      samples.get(run).push(vitestFiles(run.project.dir, run.config));
    }
  }
  // Paired by round: `phases` under a minus under b in the same round, for the median file and on
  // average (Vitest's own total over the files, divided by their number).
  const perFile = (a, b, ...phases) => {
    const times = (files) => files.map((file) => phases.reduce((sum, phase) => sum + file[phase], 0));
    const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const paired = (statistic) => samples.get(a).map((files, round) => statistic(times(files)) - statistic(times(samples.get(b)[round])));
    return `${spread(paired(middle))} for the median file, ${spread(paired(mean))} on average`;
  };
  console.log(`Vitest ${vitestVersion()}, ${files} test files, ${rounds} interleaved rounds; per test file, median [range] over the rounds:`);
  for (const p of vitest) {
    const ours = vitestRuns.find((run) => run.name === p.name);
    const calling = vitestRuns.find((run) => run.name === `${p.name}, calling a matcher`);
    console.log(`  ${p.name}:`);
    console.log(`    the setup entry adds to "setup": ${perFile(ours, vitestRuns[0], 'setup')}`);
    console.log(`    the first matcher call adds to its test: ${perFile(calling, ours, 'tests')}`);
    console.log(`    a file that calls a matcher, setup and test together, more than with the empty setup file: ${perFile(calling, vitestRuns[0], 'setup', 'tests')}`);
  }

  // Jest: the CommonJS entry in a fresh process, then the first matcher call there.
  const jest = new Map(vitest.map((p) => [p, { require: [], firstCall: [] }]));
  for (let i = 0; i < 21; i++) {
    for (const p of vitest) {
      const [requireMs, firstCallMs] = JSON.parse(
        execFileSync(process.execPath, ['-e', jestProbe(path.join(p.installed, 'dist', 'jest.cjs'))], { encoding: 'utf8' }),
      );
      jest.get(p).require.push(requireMs);
      jest.get(p).firstCall.push(firstCallMs);
    }
  }
  console.log(`Jest: require('tool-call-accuracy/jest') in a fresh process, then its first matcher call (median [range] of 21):`);
  for (const [p, { require, firstCall }] of jest) console.log(`  ${p.name}: require ${spread(require)}; first matcher call ${spread(firstCall)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** A project with the package at `source` installed as a copy, beside a link to the repository's vitest. */
function project(name, source, projectDir) {
  const installed = path.join(projectDir, 'node_modules', 'tool-call-accuracy');
  for (const part of ['package.json', 'matchers.d.ts', 'dist']) cpSync(path.join(source, part), path.join(installed, part), { recursive: true });
  symlinkSync(path.join(root, 'node_modules', 'vitest'), path.join(projectDir, 'node_modules', 'vitest'));
  for (const [folder, body] of [
    ['plain', 'expect(1).toBe(1);'],
    ['calling', 'expect([]).toCallNoTools();'],
  ]) {
    mkdirSync(path.join(projectDir, folder));
    for (let i = 0; i < files; i++) {
      writeFileSync(path.join(projectDir, folder, `f${i}.test.mjs`), `import { expect, it } from 'vitest';\nit('x', () => { ${body} });\n`);
    }
  }
  writeFileSync(
    path.join(projectDir, 'times-reporter.mjs'),
    `export default class {
  onTestRunEnd(modules) {
    const times = modules.map((module) => ({
      setup: module.diagnostic().setupDuration,
      tests: [...module.children.allTests()].reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0),
    }));
    console.log('times ' + JSON.stringify(times));
  }
}
`,
  );
  writeFileSync(path.join(projectDir, 'empty-setup.mjs'), "import { expect } from 'vitest';\nexpect.extend({ toBeX: () => ({ pass: true, message: () => '' }) });\n");
  const config = (file, folder, setup) => {
    const test = { include: [`${folder}/*.test.mjs`], setupFiles: [setup], pool: 'forks', isolate: true, maxWorkers: 1 };
    writeFileSync(path.join(projectDir, file), `export default ${JSON.stringify({ root: projectDir, test })};\n`);
    return path.join(projectDir, file);
  };
  return {
    name,
    dir: projectDir,
    installed,
    configs: {
      empty: config('empty.config.mjs', 'plain', path.join(projectDir, 'empty-setup.mjs')),
      ours: config('ours.config.mjs', 'plain', 'tool-call-accuracy/vitest'),
      calling: config('calling.config.mjs', 'calling', 'tool-call-accuracy/vitest'),
    },
  };
}

/** Each test file's own times from Vitest, in ms: "setup" (the setup files) and "tests" (its tests). */
function vitestFiles(cwd, configFile) {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', configFile, '--reporter', path.join(cwd, 'times-reporter.mjs')],
    { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  const line = out.split('\n').find((text) => text.startsWith('times '));
  if (line === undefined) throw new Error(`no times from Vitest:\n${out}`);
  const times = JSON.parse(line.slice('times '.length));
  if (times.length !== files) throw new Error(`Vitest ran ${times.length} files, not ${files}`);
  return times;
}

function vitestVersion() {
  return execFileSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), '--version'], { encoding: 'utf8' }).trim();
}

/** A script printing [ms to require the Jest entry, ms of the first matcher call]. */
function jestProbe(entry) {
  return `
    let registered;
    globalThis.expect = { extend(matchers) { registered = matchers; }, getState: () => ({}) };
    globalThis.afterEach = globalThis.afterAll = () => {};
    const context = { isNot: false, equals: Object.is, utils: { matcherHint: () => '', printExpected: String, printReceived: String, diff: () => '' } };
    let start = performance.now();
    require(${JSON.stringify(entry)});
    const requireMs = performance.now() - start;
    start = performance.now();
    if (!registered.toCallNoTools.call(context, []).pass) throw new Error('toCallNoTools failed on an empty run');
    console.log(JSON.stringify([requireMs, performance.now() - start]));`;
}

function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
}

/** "median ms [min–max]". */
function spread(values) {
  return `${middle(values).toFixed(1)} ms [${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}]`;
}
