import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// These check the build: `npm test` builds first; alone, run `npm run build` before them.
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc5 = path.join(root, 'node_modules/typescript/bin/tsc');

/**
 * A TypeScript CommonJS project as a new user makes one (Jest 30, ts-jest): the package installed
 * as a copy in node_modules, its tsconfig naming the README's `"types": ["jest", "tool-call-accuracy/jest"]`,
 * type-checked by TypeScript 5 with the library's declarations checked too (`skipLibCheck: false`),
 * under TypeScript's default CommonJS resolution (node10) and under node16.
 */
describe('a TypeScript CommonJS project type-checks against the built package', () => {
  let project: string;
  beforeAll(() => {
    expect(existsSync(path.join(root, 'dist/jest.d.cts')), 'dist/ is missing: run npm run build').toBe(true);
    project = mkdtempSync(path.join(tmpdir(), 'tca-cjs-types-'));
    const installed = path.join(project, 'node_modules', 'tool-call-accuracy');
    mkdirSync(installed, { recursive: true });
    for (const part of ['package.json', 'matchers.d.ts', 'matchers.d.cts', 'dist']) cpSync(path.join(root, part), path.join(installed, part), { recursive: true });
    // @types/jest and what it imports, as npm would install them beside.
    mkdirSync(path.join(project, 'node_modules', '@types'));
    for (const name of ['@types/jest', '@types/node', 'expect', 'pretty-format', 'jest-matcher-utils', '@jest']) {
      symlinkSync(path.join(root, 'node_modules', name), path.join(project, 'node_modules', name));
    }
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true }));
    cpSync(path.join(root, 'test/package/fixtures/cjs-types/booking.ts'), path.join(project, 'booking.test.ts'));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const tsc = (compilerOptions: Record<string, unknown>) => {
    const config = { compilerOptions: { target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: ['jest', 'tool-call-accuracy/jest'], ...compilerOptions }, files: ['booking.test.ts'] };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(config));
    try {
      execFileSync(process.execPath, [tsc5, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
      return '';
    } catch (error) {
      return (error as { stdout: string }).stdout;
    }
  };

  it('under TypeScript’s default CommonJS resolution (module commonjs, node10: typesVersions, no exports)', () => {
    expect(tsc({ module: 'commonjs' })).toBe('');
  }, 120_000);

  it('under module and moduleResolution node16: the .d.cts files import only CommonJS declarations', () => {
    expect(tsc({ module: 'node16', moduleResolution: 'node16' })).toBe('');
  }, 120_000);

  it('and a mistake in the test is still found: the check reads the matcher types', () => {
    writeFileSync(path.join(project, 'wrong.test.ts'), "test('x', () => { expect([]).toCallToolsInOrder(42); });\n");
    const config = { compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true, noEmit: true, skipLibCheck: false, types: ['jest', 'tool-call-accuracy/jest'] }, files: ['wrong.test.ts'] };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(config));
    let output = '';
    try {
      execFileSync(process.execPath, [tsc5, '-p', 'tsconfig.json'], { cwd: project, encoding: 'utf8' });
    } catch (error) {
      output = (error as { stdout: string }).stdout;
    }
    expect(output).toContain("wrong.test.ts(1,49): error TS2345: Argument of type 'number' is not assignable");
  }, 120_000);
});
