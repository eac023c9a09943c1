import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The documentation ships with the package (package.json `files`), images included, so the README's
// and the docs' links work in node_modules as in the repository. package.json names no repository
// until the package has a public one, so nothing may rely on the registry resolving links against it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const packed = new Set<string>(
  JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0].files.map(
    (file: { path: string }) => file.path,
  ),
);

/** Every relative link of a page (`[text](target)` and `![alt](target)`), outside code blocks. */
function linksOf(page: string): Array<{ target: string; image: boolean }> {
  const text = readFileSync(path.join(root, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((match) => ({ target: match[2]!, image: match[1] === '!' }))
    .filter(({ target }) => !/^[a-z]+:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorsOf(file: string): Set<string> {
  const headings = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((heading) => heading.replace(/^#+ /, '').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-')));
}

describe('the documentation, as shipped', () => {
  test('README.md stays within 8 KB (8192 bytes): new features get a line there and a page in docs/', () => {
    expect(readFileSync(path.join(root, 'README.md')).length).toBeLessThanOrEqual(8192);
  });

  test('the package ships the README, every docs page and the examples they point at', () => {
    for (const page of pages) expect(packed, page).toContain(page);
    expect([...packed].filter((file) => file.startsWith('examples/')).length).toBeGreaterThan(5);
  });

  test.each(pages)('every relative link of %s, images included, resolves inside the installed package, and every #anchor to a heading', (page) => {
    for (const { target, image } of linksOf(page)) {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file)).replace(/\/$/, '');
      const where = `${page} links to ${target}`;
      if (image) expect(packed.has(resolved), `${where}, an image the package does not ship`).toBe(true);
      expect(existsSync(path.join(root, resolved)), where).toBe(true);
      expect(packed.has(resolved) || [...packed].some((shipped) => shipped.startsWith(`${resolved}/`)), `${where}, which the package does not ship`).toBe(true);
      if (anchor) expect(anchorsOf(path.join(root, resolved)), `${where}: no such heading`).toContain(anchor);
    }
  });

  test('package.json names no placeholder repository (until the package has a public one)', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(JSON.stringify(manifest)).not.toMatch(/OWNER/);
    expect(Object.keys(manifest)).not.toEqual(expect.arrayContaining(['repository']));
  });
});
