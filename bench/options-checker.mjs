// What checking options costs the first time, in a fresh process: loading zod (4, its mini build,
// and 3) and checking one options object with it, against loading this package's own checker
// (src/options.ts, bundled with esbuild as tsup bundles it) and checking the same object. zod is an
// optional peer dependency, so it could serve only if it cost no more than the checker.
// Medians (and ranges) of 15 interleaved processes; each child times its own import and check.
//
// Run: node bench/options-checker.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'tca-options-'));
const checker = path.join(dir, 'options.mjs');
await build({ entryPoints: [path.join(root, 'src/options.ts')], bundle: true, format: 'esm', platform: 'node', outfile: checker, logLevel: 'silent' });

const given = '{ n: 10, concurrency: 2, minPassRate: 0.9 }';
const zodCheck = (specifier) => `
  const z = await import(${JSON.stringify(specifier)});
  const schema = z.object({ n: z.optional(z.number().int().min(1)), concurrency: z.optional(z.number().int().min(1)), minPassRate: z.optional(z.number().gt(0).lte(1)), confidence: z.optional(z.number().gt(0).lt(1)) }).strict();
  if (!schema.safeParse(${given}).success) throw new Error('rejected');`;
const variants = {
  'own checker': `
  const { checkOptions, rule } = await import(${JSON.stringify(checker)});
  const schema = { shape: '{ n }', options: { n: rule.wholeNumber(1, 'n'), concurrency: rule.wholeNumber(1, 'c'), minPassRate: rule.that('r', (v) => v > 0 && v <= 1), confidence: rule.that('c', (v) => v > 0 && v < 1) } };
  checkOptions(${given}, schema, { where: 'sample()' });`,
  'zod 4': zodCheck(path.join(root, 'node_modules/zod/index.js')),
  'zod 4 mini': `
  const z = await import(${JSON.stringify(path.join(root, 'node_modules/zod/mini/index.js'))});
  const schema = z.strictObject({ n: z.optional(z.int().check(z.minimum(1))), concurrency: z.optional(z.int().check(z.minimum(1))), minPassRate: z.optional(z.number().check(z.gt(0), z.lte(1))), confidence: z.optional(z.number().check(z.gt(0), z.lt(1))) });
  if (!schema.safeParse(${given}).success) throw new Error('rejected');`,
  'zod 3': zodCheck(path.join(root, 'node_modules/zod3/index.js')),
};
const scripts = Object.fromEntries(
  Object.entries(variants).map(([name, body], index) => {
    const file = path.join(dir, `v${index}.mjs`);
    writeFileSync(file, `const start = performance.now();${body}\nprocess.stdout.write(String(performance.now() - start));`);
    return [name, file];
  }),
);
const times = Object.fromEntries(Object.keys(scripts).map((name) => [name, []]));
const names = Object.keys(scripts);
for (let round = 0; round < 15; round++) {
  for (let i = 0; i < names.length; i++) {
    const name = names[(i + round) % names.length];
    times[name].push(Number(execFileSync(process.execPath, [scripts[name]], { encoding: 'utf8' })));
  }
}
rmSync(dir, { recursive: true, force: true });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const own = median(times['own checker']);
for (const [name, values] of Object.entries(times)) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`${name.padEnd(12)} median ${median(values).toFixed(2)} ms (${sorted[0].toFixed(2)}–${sorted.at(-1).toFixed(2)}), ${(median(values) / own).toFixed(1)}× the own checker`);
}
