import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

// The architecture check (scripts/architecture.mjs) run on a copy of src/ with one import added:
// it must refuse an import that points up a layer, and name it. Format sits above scoring, so a
// scoring module that imports format (to word its own result) is refused.
describe('the architecture check', { timeout: 120_000 }, () => {
  let copy: string;
  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'tca-architecture-'));
    await cp(path.join(root, 'src'), path.join(copy, 'src'), { recursive: true });
    await cp(path.join(root, 'scripts/architecture.mjs'), path.join(copy, 'scripts/architecture.mjs'));
    await cp(path.join(root, 'matchers.d.ts'), path.join(copy, 'matchers.d.ts'));
    await writeFile(path.join(copy, 'tsconfig.json'), await readFile(path.join(root, 'tsconfig.json'), 'utf8'));
    await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  });
  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  async function check(): Promise<{ code: number; output: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/architecture.mjs'], { cwd: copy });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { code, output: stdout + stderr };
    }
  }

  it('passes on the tree as it is, and refuses scoring importing format', async () => {
    expect(await check()).toMatchObject({ code: 0 });
    const file = path.join(copy, 'src/scoring/budget.ts');
    const source = await readFile(file, 'utf8');
    await writeFile(file, `import { compose } from '../format/message.js';\nexport const upward = compose;\n${source}`);
    const { code, output } = await check();
    await writeFile(file, source);
    expect(code).toBe(1);
    expect(output).toContain('import points up a layer: scoring/budget.ts -> format/message.ts (scoring may not import format)');
  });
});
