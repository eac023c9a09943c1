import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// These check the build: `npm test` builds first; alone, run `npm run build` before them.
const root = fileURLToPath(new URL('../..', import.meta.url));
const consumer = path.join(root, 'test/matrix/consumer');
const compilers = {
  'TypeScript 5': path.join(root, 'node_modules/typescript/bin/tsc'),
  'TypeScript 7': path.join(root, 'node_modules/typescript7/bin/tsc'),
};

/** One error of `tsc --pretty false`: the file it is in ('' for the program's own) and its first line. */
interface TscError {
  file: string;
  text: string;
}

function errorsOf(output: string): TscError[] {
  return output
    .split('\n')
    .flatMap((line) => {
      const inFile = /^(.+?)\(\d+,\d+\): error (TS\d+: .*)$/.exec(line);
      if (inFile) return [{ file: inFile[1]!, text: line }];
      return /^error TS\d+: /.test(line) ? [{ file: '', text: line }] : [];
    });
}

/**
 * Vitest's own declarations fail a CommonJS project's check with `skipLibCheck: false`, whatever
 * this package ships: under node10 they import subpaths only "exports" declare
 * (`@vitest/utils/display`, `vite/module-runner`), and under node16 `vitest/index.d.cts` re-exports
 * its ES module declarations (TS1479). Those errors are in Vitest's files and only those are set aside.
 */
const inVitestsOwnFiles = (error: TscError) => /node_modules\/(vitest|@vitest\/[^/]+)\//.test(error.file);

/**
 * A TypeScript CommonJS project as a new user makes one (Jest 30 with ts-jest, or Vitest; no
 * `"type": "module"`): the package installed as a copy of what it ships, the README's `"types"`,
 * the package's declarations checked too (`skipLibCheck: false`), under `module: commonjs` with no
 * moduleResolution (TypeScript 5: node10, which reads no "exports"; TypeScript 7: bundler) and
 * under node16 (which reads the `.d.cts` files for a CommonJS file). The tsconfigs and test files
 * are the compatibility matrix's cjstypes cells' (test/matrix/consumer), which run them on the
 * packed package.
 */
describe('a TypeScript CommonJS project type-checks against the built package', () => {
  let project: string;
  beforeAll(() => {
    expect(existsSync(path.join(root, 'dist/jest.d.cts')), 'dist/ is missing: run npm run build').toBe(true);
    project = mkdtempSync(path.join(tmpdir(), 'tca-cjs-types-'));
    const installed = path.join(project, 'node_modules', 'tool-call-accuracy');
    mkdirSync(installed, { recursive: true });
    for (const part of ['package.json', 'matchers.d.ts', 'dist']) cpSync(path.join(root, part), path.join(installed, part), { recursive: true });
    // What the consumer's files and the package's declarations name, as npm would install them beside
    // (their own imports resolve from where they really are, the repository's node_modules).
    mkdirSync(path.join(project, 'node_modules', '@types'));
    for (const name of ['@types/jest', 'expect', 'vitest']) symlinkSync(path.join(root, 'node_modules', name), path.join(project, 'node_modules', name));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true }));
    mkdirSync(path.join(project, 'types'));
    for (const file of ['tsconfig.cjs-node10.json', 'tsconfig.cjs-node16.json', 'types/jest-commonjs.test-d.ts', 'types/vitest-commonjs.test-d.ts']) {
      cpSync(path.join(consumer, file), path.join(project, file));
    }
    // The Vitest setup's form of the same settings: the README's Vitest "types" over a Vitest test.
    for (const resolution of ['node10', 'node16']) {
      const config = { extends: `./tsconfig.cjs-${resolution}.json`, compilerOptions: { types: ['tool-call-accuracy/vitest'] }, files: ['types/vitest-commonjs.test-d.ts'] };
      writeFileSync(path.join(project, `tsconfig.cjs-${resolution}-vitest.json`), JSON.stringify(config));
    }
    // One program with both flavours: the CommonJS test and the same test as an ES module (.mts),
    // which reads the package's "import" declarations (.d.ts) beside the "require" ones (.d.cts).
    cpSync(path.join(consumer, 'types/jest-commonjs.test-d.ts'), path.join(project, 'types/jest-esm.test-d.mts'));
    const both = { extends: './tsconfig.cjs-node16.json', files: ['types/jest-commonjs.test-d.ts', 'types/jest-esm.test-d.mts'] };
    writeFileSync(path.join(project, 'tsconfig.cjs-node16-both.json'), JSON.stringify(both));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const tsc = async (compiler: string, tsconfig: string) => {
    try {
      await promisify(execFile)(process.execPath, [compiler, '-p', tsconfig, '--pretty', 'false'], { cwd: project, encoding: 'utf8' });
      return [];
    } catch (error) {
      const { stdout, stderr } = error as { stdout: string; stderr: string };
      const errors = errorsOf(stdout);
      // A failure that printed no error line (a crash) must not read as a clean check.
      if (errors.length === 0) throw new Error(`tsc -p ${tsconfig} failed without a type error:\n${stdout}${stderr}`);
      return errors;
    }
  };

  describe.each(Object.entries(compilers))('%s', (_, compiler) => {
    it.each(['node10', 'node16'])('Jest, "types": ["jest", "tool-call-accuracy/jest"], tsconfig.cjs-%s.json: no error', async (resolution) => {
      expect((await tsc(compiler, `tsconfig.cjs-${resolution}.json`)).map((error) => error.text)).toEqual([]);
    }, 120_000);

    it.each(['node10', 'node16'])('Vitest, "types": ["tool-call-accuracy/vitest"], tsconfig.cjs-%s.json: no error outside Vitest’s own declarations', async (resolution) => {
      const errors = await tsc(compiler, `tsconfig.cjs-${resolution}-vitest.json`);
      expect(errors.filter((error) => !inVitestsOwnFiles(error)).map((error) => error.text)).toEqual([]);
    }, 120_000);

    // Both flavours' declarations import the one matchers.d.ts, so the matchers are declared once: a
    // second copy (a CommonJS matchers.d.cts) would make Jest's `Matchers` extend two different
    // `ToolCallMatchers` here (TS2320), as it did in the compatibility matrix's ES module cells.
    it('Jest, node16, a CommonJS and an ES module test in one program: no error', async () => {
      expect((await tsc(compiler, 'tsconfig.cjs-node16-both.json')).map((error) => error.text)).toEqual([]);
    }, 120_000);
  });
});
