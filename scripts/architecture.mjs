// Checks the shape of src/: no import cycle, and every import points down the layers.
// madge reads the imports (static, type-only and dynamic import() alike); this script only
// compares its graph with the layer table below, which docs/architecture.md describes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import ts from 'typescript';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

// Lowest first. A module may import its own layer or a lower one, never a higher one.
// Each entry names files or folders under src/; a file named here wins over its folder.
const LAYERS = [
  // ../matchers.d.ts sits beside package.json: the matcher declarations both runners merge with.
  { name: 'base', paths: ['types.ts', 'matcherContext.ts', 'errors.ts', 'json.ts', 'printable.ts', 'describe.ts', 'value.ts', 'suggest.ts', 'options.ts', 'refs/', '../matchers.d.ts'] },
  { name: 'store', paths: ['store/'] },
  { name: 'calls', paths: ['calls/'] },
  { name: 'judge and recordings', paths: ['judge/', 'recordings/'] },
  { name: 'scoring', paths: ['scoring/', 'sample/', 'calibration/'] },
  // Format words what scoring decided: it may read scoring's results, never the other way round.
  { name: 'format', paths: ['format/'] },
  { name: 'matchers', paths: ['matchers/', 'reporter/', 'tools/'] },
  { name: 'entries', paths: ['index.ts', 'vitest.ts', 'jest.ts', 'setup.ts', 'testing.ts', 'reporter/vitest.ts', 'reporter/jest.ts', 'cli.ts', 'cli/'] },
];

// The one list of format adapters: the only module allowed to import one.
const FORMAT_LIST = 'calls/formats.ts';

// The only modules that may keep state at their top level: the judge's configuration (with the
// concurrency queue its `concurrency` setting sizes), its registry of pending judges, lazy-load
// caches, what the store did in this process, the recordings' configuration, and the calibration
// gate's verdict (checked once per process and settings). Anything else a
// run needs travels with the run's data.
const STATEFUL = ['judge/config.ts', 'judge/limit.ts', 'judge/pending.ts', 'judge/loadAi.ts', 'judge/schema.ts', 'store/state.ts', 'recordings/config.ts', 'matchers/load.ts', 'matchers/loadCommonJs.ts', 'matchers/standalone.ts', 'matchers/calibrationGate.ts'];

/**
 * Top-level declarations that hold state: a `let` or `var`, a weak table, or an empty Map or Set to
 * be filled later (a Map or Set built from a list is a lookup table). A cheap syntactic check: it
 * catches the usual ways, not a constant object someone mutates.
 */
function moduleState(file) {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, 'src', file), 'utf8'), ts.ScriptTarget.Latest);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const { flags, declarations } = statement.declarationList;
    const constant = (flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of declarations) {
      const name = declaration.name.getText(source);
      const line = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line + 1;
      const init = declaration.initializer;
      const constructed = init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) ? init.expression.text : undefined;
      if (!constant) found.push(`${file}:${line} \`${name}\` is a top-level ${flags & ts.NodeFlags.Let ? 'let' : 'var'}`);
      else if (/^Weak(Map|Set|Ref)$/.test(constructed ?? '')) found.push(`${file}:${line} \`${name}\` is a top-level ${constructed}`);
      else if (/^(Map|Set)$/.test(constructed ?? '') && (init.arguments?.length ?? 0) === 0) found.push(`${file}:${line} \`${name}\` is an empty top-level ${constructed}`);
    }
  }
  return found;
}

function layerOf(file) {
  const named = (test) => LAYERS.findIndex(({ paths }) => paths.some(test));
  const exact = named((p) => p === file);
  const index = exact !== -1 ? exact : named((p) => p.endsWith('/') && file.startsWith(p));
  if (index === -1) {
    throw new Error(`src/${file} is in no layer: add it (or its folder) to LAYERS in scripts/architecture.mjs and to docs/architecture.md`);
  }
  return index;
}

const result = await madge(path.join(root, 'src'), {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'tsconfig.json'),
  // Spelled out although they are madge's defaults: a type-only or lazy import still couples two modules.
  detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false }, tsx: { skipTypeImports: false, skipAsyncImports: false } },
});

const graph = result.obj();
const problems = [];
for (const [from, targets] of Object.entries(graph)) {
  for (const to of targets) {
    // Each format adapter stands alone: what two adapters share is a reader in calls/. The list of
    // formats is the only module that imports an adapter, so adding a format is one file and one line there.
    if (from.startsWith('calls/adapters/') && to.startsWith('calls/adapters/')) problems.push(`an adapter imports another adapter: ${from} -> ${to} (move what they share to a reader in calls/)`);
    else if (to.startsWith('calls/adapters/') && from !== FORMAT_LIST) problems.push(`${from} imports the adapter ${to}: only ${FORMAT_LIST} imports adapters (give the adapter what the importer needs, see "Adding a format" in docs/architecture.md)`);
    if (layerOf(to) > layerOf(from)) problems.push(`import points up a layer: ${from} -> ${to} (${LAYERS[layerOf(from)].name} may not import ${LAYERS[layerOf(to)].name})`);
  }
}
for (const file of Object.keys(graph)) {
  if (!file.endsWith('.ts') || file.startsWith('../') || STATEFUL.includes(file)) continue;
  for (const state of moduleState(file)) problems.push(`module-level mutable state: ${state} (pass it along with the data, or see docs/architecture.md for the places state may live)`);
}
for (const cycle of result.circular()) problems.push(`import cycle: ${[...cycle, cycle[0]].join(' -> ')}`);
const { skipped } = result.warnings();
if (skipped.length > 0) problems.push(`madge could not read: ${skipped.join(', ')}`);

if (problems.length > 0) {
  console.error(`Architecture check failed (src/, ${Object.keys(graph).length} modules):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Architecture check passed: ${Object.keys(graph).length} modules in src/, no import cycle, every import points down the layers, no module-level state outside the ${STATEFUL.length} modules allowed it.`);
