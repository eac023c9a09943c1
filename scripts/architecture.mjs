// Checks the shape of src/: no import cycle, and every import points down the layers.
// madge reads the imports (static, type-only and dynamic import() alike); this script only
// compares its graph with the layer table below, which docs/architecture.md describes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

// Lowest first. A module may import its own layer or a lower one, never a higher one.
// Each entry names files or folders under src/ (a folder covers everything inside it).
export const LAYERS = [
  // ../matchers.d.ts sits beside package.json: the matcher declarations both runners merge with.
  { name: 'base', paths: ['types.ts', 'errors.ts', 'json.ts', 'printable.ts', '../matchers.d.ts'] },
  { name: 'calls', paths: ['calls/'] },
  { name: 'judge', paths: ['judge/'] },
  { name: 'scoring and format', paths: ['scoring/', 'format/'] },
  { name: 'matchers', paths: ['matchers/'] },
  { name: 'entries', paths: ['index.ts', 'vitest.ts', 'jest.ts', 'testing.ts'] },
];

// Imports that still point up a layer, each to be removed by moving code down; the check fails
// when one of them is gone, so the list only shrinks.
const KNOWN_UPWARD = [
  'format/diff.ts -> matchers/context.ts',
  'format/diff.ts -> matchers/userFacing.ts',
  'format/message.ts -> matchers/context.ts',
  'format/projection.ts -> matchers/shared.ts',
];
// Import cycles still present, written as madge prints them; same rule: the list only shrinks (it is empty).
const KNOWN_CYCLES = [];

function layerOf(file) {
  const index = LAYERS.findIndex(({ paths }) => paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
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

const problems = [];
const graph = result.obj();
const upward = [];
for (const [from, targets] of Object.entries(graph)) {
  for (const to of targets) {
    if (layerOf(to) > layerOf(from)) upward.push(`${from} -> ${to}`);
  }
}
const cycles = result.circular().map((cycle) => cycle.join(' > '));
for (const [found, known, what] of [
  [upward, KNOWN_UPWARD, 'import points up a layer'],
  [cycles, KNOWN_CYCLES, 'import cycle'],
]) {
  for (const item of found) if (!known.includes(item)) problems.push(`new ${what}: ${item}`);
  for (const item of known) if (!found.includes(item)) problems.push(`${what} fixed, remove it from the known list in scripts/architecture.mjs: ${item}`);
}
const { skipped } = result.warnings();
if (skipped.length > 0) problems.push(`madge could not read: ${skipped.join(', ')}`);

if (problems.length > 0) {
  console.error(`Architecture check failed (src/, ${Object.keys(graph).length} modules):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Architecture check passed: ${Object.keys(graph).length} modules in src/, no new import cycle, no new upward import.`);
