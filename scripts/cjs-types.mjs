// Run after tsup (npm run build): the CommonJS declarations import only CommonJS declarations.
//
// The entries' declarations import the matcher types from the root `matchers.d.ts` (`../matchers.js`,
// kept a reference so the types are declared once). The package is `"type": "module"`, so that
// file is an ES module's declaration, and TypeScript under `module: node16` refuses it from a
// `.d.cts` (TS1479, a CommonJS declaration importing an ES module's). So the build writes
// `matchers.d.cts`, the same declarations as a CommonJS module's, and points each `.d.cts` at it.
// A project resolves one of the two (its `import` or `require` condition), so each still declares
// the matchers once.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const header = '// Written by scripts/cjs-types.mjs from matchers.d.ts at each build: edit matchers.d.ts.\n';
writeFileSync(path.join(root, 'matchers.d.cts'), header + readFileSync(path.join(root, 'matchers.d.ts'), 'utf8'));

const dist = path.join(root, 'dist');
let rewritten = 0;
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.cts'))) {
  const text = readFileSync(path.join(dist, file), 'utf8');
  const next = text.replaceAll(/(from\s+|import\()(['"])\.\.\/matchers\.js\2/g, '$1$2../matchers.cjs$2');
  if (next !== text) {
    writeFileSync(path.join(dist, file), next);
    rewritten++;
  }
}
if (rewritten === 0) throw new Error('scripts/cjs-types.mjs: no dist/*.d.cts imports ../matchers.js; the build changed, check this script');
console.log(`cjs-types: matchers.d.cts written, ${rewritten} CommonJS declarations pointed at it`);
