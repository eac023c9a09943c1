// Run after tsup (`npm run build`): the CommonJS declarations read the one matchers.d.ts as an ES module's.
//
// Every entry's declarations import the matcher types from the package root's `matchers.d.ts`
// (`../matchers.js`), the one file that declares them and augments Vitest's and Jest's `expect`.
// The package is `"type": "module"`, so that file is an ES module's declaration, and TypeScript
// under `module: node16`/`nodenext` refuses a plain import of it from a `.d.cts` (TS1479: a
// CommonJS module importing an ES module). A type-only import that says how to resolve it,
// `with { 'resolution-mode': 'import' }` (TypeScript 5.3+), is allowed from CommonJS and loads that
// same file. A copy of it as a CommonJS declaration would not do: a program that loads both
// flavours (an import of the package beside a `"types"` entry resolved through `require`) would
// then declare the matchers twice, and Vitest's and Jest's `Matchers` would extend two different
// `ToolCallMatchers` (TS2320), as the compatibility matrix showed. tsup writes the import without
// the attribute (its declaration bundler drops it from the source), so this step adds it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const attribute = "with { 'resolution-mode': 'import' }";
const plain = /^(import|export)(?: type)? (\{[^}]*\}) from '\.\.\/matchers\.js';$/gm;

let rewritten = 0;
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.cts'))) {
  const text = readFileSync(path.join(dist, file), 'utf8');
  const next = text.replace(plain, (_, keyword, names) => {
    rewritten++;
    return `${keyword} type ${names} from '../matchers.js' ${attribute};`;
  });
  // Any other reference to matchers.js (an `import("../matchers.js")` type, say) would be a TS1479
  // in a CommonJS project again: stop the build rather than ship it.
  const left = next.split('\n').find((line) => line.includes('matchers.js') && !line.includes(attribute));
  if (left) throw new Error(`scripts/cjs-types.mjs: dist/${file} refers to matchers.js in a form this step does not rewrite:\n  ${left}`);
  if (next !== text) writeFileSync(path.join(dist, file), next);
}
if (rewritten === 0) throw new Error('scripts/cjs-types.mjs: no dist/*.d.cts imports ../matchers.js; the build changed, check this step');
console.log(`cjs-types: ${rewritten} imports of matchers.d.ts in dist/*.d.cts made type-only with resolution-mode "import"`);
