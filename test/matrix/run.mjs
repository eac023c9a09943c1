#!/usr/bin/env node
// `npm run test:matrix`: the package as users get it, in the setups they run. Builds and packs the
// package once, installs the tarball into a fresh consumer project per cell (no links into this
// repository), and runs there the consumer suite (consumer/suite.cjs), the type tests with the
// cell's TypeScript, and (TypeScript 5) what hovering a matcher shows. Prints a table and writes it to test/matrix/RESULTS.md.
//
//   MATRIX_CELLS=jest30-esm,vitest5   only cells whose id contains one of these
//   MATRIX_JOBS=2                     cells at once (default: the number of cores, at most 2)
//   MATRIX_NPM_CACHE=dir              the npm cache every install shares (default: npm's own)
//   MATRIX_KEEP=1                     keep the consumer projects (their path is printed)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { cells as allCells, dependenciesOf, versions } from './cells.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const consumer = path.join(here, 'consumer');
const consumerTsJest = path.join(here, 'consumer-ts-jest');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const filters = (process.env.MATRIX_CELLS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const cells = filters.length === 0 ? allCells : allCells.filter((cell) => filters.some((f) => cell.id.includes(f)));
if (cells.length === 0) {
  console.error(`MATRIX_CELLS=${process.env.MATRIX_CELLS} matches no cell. Cells:\n  ${allCells.map((c) => c.id).join('\n  ')}`);
  process.exit(2);
}
const jobs = Math.max(1, Number(process.env.MATRIX_JOBS) || Math.min(2, os.availableParallelism()));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tool-call-accuracy-matrix-'));
const cache = process.env.MATRIX_NPM_CACHE || (await run(npm, ['config', 'get', 'cache'], { cwd: work })).output.trim();
const started = Date.now();

/** Runs a command; resolves with its exit code and its output (stdout and stderr, interleaved). */
function run(command, args, { cwd, env = {}, timeoutMs = 5 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => (output += `\n${error.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output: signal ? `${output}\n(killed by ${signal} after ${timeoutMs / 1000} s)` : output });
    });
  });
}

const npmInstall = (cwd, args) => run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--cache', cache, ...args], { cwd });

function tail(text, lines = 12) {
  return stripVTControlCharacters(text).trimEnd().split('\n').slice(-lines).join('\n');
}

/** Node 22 and 24 come from the `node` npm package (this machine has one Node); 20 is this Node. */
async function installNodes() {
  const binaries = { [process.versions.node.split('.')[0]]: process.execPath };
  for (const major of new Set(cells.map((cell) => String(cell.node)))) {
    if (binaries[major]) continue;
    const dir = path.join(work, `node${major}`);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true }));
    // The package fetches its platform's binary in an install script, so scripts stay on here.
    const installed = await npmInstall(dir, [`node@${versions.node[major]}`]);
    const binary = path.join(dir, 'node_modules/node/bin/node');
    if (installed.code !== 0 || !fs.existsSync(binary)) throw new Error(`Could not install node@${versions.node[major]}:\n${tail(installed.output)}`);
    binaries[major] = binary;
  }
  return binaries;
}

async function pack() {
  const built = await run(npm, ['run', 'build'], { cwd: repo });
  if (built.code !== 0) throw new Error(`npm run build failed:\n${tail(built.output)}`);
  const packed = await run(npm, ['pack', '--json', '--pack-destination', work], { cwd: repo });
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${tail(packed.output)}`);
  return path.join(work, JSON.parse(packed.output.slice(packed.output.indexOf('[')))[0].filename);
}

/** The first failing assertion of a Vitest or Jest JSON report (both write Jest's format). */
function firstFailure(reportFile, output) {
  if (fs.existsSync(reportFile)) {
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    for (const file of report.testResults ?? []) {
      const failed = (file.assertionResults ?? []).find((assertion) => assertion.status === 'failed');
      if (failed) return `${failed.fullName ?? failed.title}: ${firstLines(failed.failureMessages?.[0] ?? '')}`;
      if (file.status === 'failed') return `${path.basename(file.name)}: ${firstLines(file.message ?? '')}`;
    }
    if (report.numTotalTests === 0) return 'no tests ran';
    if (report.success === false || report.numFailedTests > 0) return tail(output, 6);
    return undefined;
  }
  return tail(output, 8);
}

function firstLines(text, count = 4) {
  return stripVTControlCharacters(text).split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '').slice(0, count).join('\n');
}

/**
 * The README's Jest setup for an ES module project, as written there: its `jest.config.js` block
 * and the NODE_OPTIONS it tells users to run Jest with. The ts-jest cell runs exactly these.
 */
function readmeJestEsm() {
  const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
  const config = readme.match(/```js\n(\/\/ jest\.config\.js, "type": "module"\n[\s\S]*?)```/)?.[1];
  const nodeOptions = readme.match(/`NODE_OPTIONS=(\S+) npx jest`/)?.[1];
  if (!config || !nodeOptions) {
    throw new Error('README.md: found no ```js block starting `// jest.config.js, "type": "module"`, or no `NODE_OPTIONS=… npx jest`; the ts-jest cell runs them');
  }
  return { config, nodeOptions };
}

async function runCell(cell, tarball, nodes) {
  const dir = path.join(work, cell.id);
  fs.cpSync(cell.tsJest ? consumerTsJest : consumer, dir, { recursive: true });
  const readmeJest = cell.tsJest ? readmeJestEsm() : undefined;
  if (readmeJest) fs.writeFileSync(path.join(dir, 'jest.config.js'), readmeJest.config);
  const dependencies = { 'tool-call-accuracy': `file:${tarball}`, ...dependenciesOf(cell) };
  // A cjs-types cell's project is a CommonJS one (no "type"), as its TypeScript tests are.
  const type = cell.cjsTypes ? {} : { type: 'module' };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `matrix-${cell.id}`, private: true, ...type, devDependencies: dependencies }, null, 2));

  const steps = [];
  const step = async (name, command, args, env) => {
    const begun = Date.now();
    const result = await run(command, args, { cwd: dir, env });
    steps.push({ name, seconds: (Date.now() - begun) / 1000, ok: result.code === 0 });
    return result;
  };
  const node = nodes[cell.node];
  const [runner] = cell.runner.split('@');
  const env = { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, CI: '', TOOL_CALL_ACCURACY_CACHE: '', MATRIX_MASTRA: cell.mastra ? '1' : '' };
  let failure;

  const installed = await step('install', npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--cache', cache]);
  if (installed.code !== 0) failure = `npm install failed:\n${tail(installed.output, 8)}`;

  if (!failure) {
    const report = path.join(dir, 'report.json');
    const tested =
      runner === 'vitest'
        ? await step('tests', node, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.config.mjs', '--reporter=json', `--outputFile=${report}`], env)
        : await step('tests', node, ['node_modules/jest/bin/jest.js', '--json', `--outputFile=${report}`], {
            ...env,
            MATRIX_MODULES: cell.modules,
            NODE_OPTIONS: readmeJest ? readmeJest.nodeOptions : cell.modules === 'esm' ? '--experimental-vm-modules --no-warnings' : '',
          });
    const testFailure = firstFailure(report, tested.output);
    if (tested.code !== 0 || testFailure) failure = testFailure ?? tail(tested.output, 8);
  }

  if (!failure) {
    // A cjs-types cell checks its CommonJS test under its resolution instead of the type tests.
    const tsconfig = cell.cjsTypes ? `tsconfig.cjs-${cell.cjsTypes}.json` : `tsconfig.${runner}.json`;
    // TypeScript 5 through its language service (diagnostics and hover); TypeScript 7 through its tsc.
    // The ts-jest cell: its tests compile with tsc as ts-jest compiled them.
    const command = cell.tsJest
      ? ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']
      : cell.typescript === 5
        ? ['typecheck.cjs', tsconfig]
        : ['node_modules/typescript/bin/tsc', '-p', tsconfig];
    const typed = await step('types', node, command, env);
    if (typed.code !== 0) failure = `${command.join(' ')}:\n${firstLines(typed.output, 6)}`;
  }

  const installedVersions = Object.fromEntries(
    ['vitest', 'jest', 'ai', 'zod', 'typescript', '@mastra/core', '@mastra/evals', 'ts-jest'].flatMap((name) => {
      const file = path.join(dir, 'node_modules', name, 'package.json');
      return fs.existsSync(file) ? [[name, JSON.parse(fs.readFileSync(file, 'utf8')).version]] : [];
    }),
  );
  const nodeVersion = (await run(node, ['--version'], { cwd: dir })).output.trim().replace(/^v/, '');
  if (!process.env.MATRIX_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  return { cell, failure, steps, versions: installedVersions, nodeVersion, seconds: steps.reduce((sum, s) => sum + s.seconds, 0) };
}

function describeVersions(result) {
  const declared = dependenciesOf(result.cell); // what the cell asked for, when the install failed
  const v = { ...declared, ...result.versions };
  const runner = v.vitest ? `vitest ${v.vitest}` : `jest ${v.jest ?? '?'}`;
  const mastra = result.cell.mastra ? `, @mastra/core ${v['@mastra/core'] ?? '?'}, @mastra/evals ${v['@mastra/evals'] ?? '?'}` : '';
  const tsJest = result.cell.tsJest ? `, ts-jest ${v['ts-jest'] ?? '?'}` : '';
  return `${runner} (${result.cell.modules.toUpperCase()}), ai ${v.ai ?? '?'}, zod ${v.zod ?? '?'}, TypeScript ${v.typescript ?? '?'}, Node ${result.nodeVersion}${mastra}${tsJest}`;
}

function table(results) {
  const rows = results.map((result) => {
    const outcome = result.failure ? 'FAIL' : 'pass';
    const timing = `${Math.round(result.seconds)} s (${result.steps.map((s) => `${s.name} ${Math.round(s.seconds)}`).join(', ')})`;
    const note = result.cell.note ? ` (${result.cell.note})` : '';
    return `| ${result.cell.id} | ${describeVersions(result)}${note} | ${outcome} | ${timing} |`;
  });
  return ['| cell | versions | result | time |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

let results;
try {
  console.log(`Matrix: ${cells.length} cells, ${jobs} at a time, in ${work} (npm cache ${cache})`);
  const [tarball, nodes] = await Promise.all([pack(), installNodes()]);
  console.log(`Packed ${path.basename(tarball)}; Node ${Object.keys(nodes).sort().join(', ')} ready after ${Math.round((Date.now() - started) / 1000)} s`);
  results = new Array(cells.length);
  // The slow cells (TypeScript 5's check) start first, so no one is left running alone at the end.
  const queue = cells.map((_, index) => index).sort((a, b) => (cells[a].typescript === 5 ? 0 : 1) - (cells[b].typescript === 5 ? 0 : 1));
  await Promise.all(
    Array.from({ length: Math.min(jobs, cells.length) }, async () => {
      while (queue.length > 0) {
        const index = queue.shift();
        const result = await runCell(cells[index], tarball, nodes);
        results[index] = result;
        console.log(`${result.failure ? 'FAIL' : 'pass'}  ${cells[index].id}  ${Math.round(result.seconds)} s`);
        if (result.failure) console.log(`      ${describeVersions(result)}\n${result.failure.replace(/^/gm, '      ')}`);
      }
    }),
  );
} finally {
  if (!process.env.MATRIX_KEEP) fs.rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((result) => result.failure);
const total = Math.round((Date.now() - started) / 1000);
const summary = `${cells.length - failed.length} of ${cells.length} cells passed in ${total} s (${jobs} at a time, ${os.availableParallelism()} cores).`;
console.log(`\n${table(results)}\n\n${summary}`);
for (const result of failed) console.log(`\nFAIL ${result.cell.id}: ${describeVersions(result)}\n${result.failure}`);

// RESULTS.md records a full run only; a filtered run prints its table and leaves the file alone.
if (filters.length === 0) {
  const failures = failed.map((result) => `### ${result.cell.id}\n\n${describeVersions(result)}\n\n\`\`\`\n${result.failure}\n\`\`\``);
  fs.writeFileSync(
    path.join(here, 'RESULTS.md'),
    [
      '# Compatibility matrix results',
      '',
      `Written by \`npm run test:matrix\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${summary}`,
      'Time per cell is the sum of its steps: install, tests (the consumer suite), types (type tests; with TypeScript 5 also the hover check).',
      '',
      table(results),
      ...(failures.length > 0 ? ['', '## Failures', '', ...failures] : []),
      '',
    ].join('\n'),
  );
}
process.exit(failed.length > 0 ? 1 : 0);
