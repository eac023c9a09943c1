import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Every ts/js code block of README.md and docs/*.md runs as written: this Vite plugin makes each
 * page a Vitest test file (vitest.config.ts includes the pages) with one test per block, named
 * `page:line`. A block is its own ES module, importing the real packages (`tool-call-accuracy` is
 * this package's source, by the aliases in vitest.config.ts), with the runner's globals (`test`,
 * `expect`, …) as a user's test file has them. A block that declares tests (`test(…)`,
 * `describe(…)`) registers them under its `page:line`; any other block runs inside one test. A
 * block written as CommonJS (`module.exports`, `require(`) runs as CommonJS.
 *
 * A block that cannot run offline says why, on the line before its fence:
 * `<!-- not run: needs a live provider key -->`. Keep that rare.
 */
export interface Snippet {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The reason given in a `<!-- not run: … -->` marker, when the block has one. */
  notRun?: string;
  commonJs: boolean;
  declaresTests: boolean;
}

const FENCE = /^```(ts|typescript|js|javascript|mjs|cjs)\s*$/;
const NOT_RUN = /^<!--\s*not run:\s*(.*?)\s*-->\s*$/;

export function snippetsOf(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = lines[index]!.match(FENCE);
    if (!open) {
      // Skip the body of any other fenced block, so a fence inside it is not taken for one.
      if (lines[index]!.startsWith('```')) while (++index < lines.length && !lines[index]!.startsWith('```'));
      continue;
    }
    const start = index;
    const body: string[] = [];
    while (++index < lines.length && !lines[index]!.startsWith('```')) body.push(lines[index]!);
    const code = body.join('\n');
    const marker = lines[start - 1]?.match(NOT_RUN);
    snippets.push({
      line: start + 1,
      lang: open[1]!,
      code,
      ...(marker && { notRun: marker[1] }),
      commonJs: open[1] === 'cjs' || /\bmodule\.exports\b|\brequire\(/.test(code.replace(/\/\/.*$/gm, '')),
      declaresTests: /^\s*(test|it|describe)(\.\w+)*\(/m.test(code),
    });
  }
  return snippets;
}

const QUERY = /\?snippet=(\d+)$/;
const GLOBALS = ['test', 'it', 'describe', 'expect', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'vi'];

export function docSnippets(): Plugin {
  return {
    name: 'doc-snippets',
    enforce: 'pre',
    load(id) {
      const match = id.match(QUERY);
      if (!match || !id.includes('.md?')) return undefined;
      const file = id.slice(0, id.indexOf('?'));
      const snippet = snippetsOf(readFileSync(file, 'utf8'))[Number(match[1])]!;
      return { code: snippetModule(file, snippet), map: null };
    },
    transform(markdown, id) {
      if (!id.endsWith('.md')) return undefined;
      return { code: pageModule(id, markdown), map: null };
    },
  };
}

/** The test file a page becomes. */
function pageModule(file: string, markdown: string): string {
  const page = path.relative(process.cwd(), file);
  const lines = [`import { describe, test } from 'vitest';`];
  const snippets = snippetsOf(markdown);
  if (snippets.length === 0) lines.push(`test(${JSON.stringify(`${page} has no ts/js blocks`)}, () => {});`);
  snippets.forEach((snippet, index) => {
    const name = JSON.stringify(`${page}:${snippet.line}`);
    const load = `() => import(${JSON.stringify(`${file}?snippet=${index}`)})`;
    // A block left out says why: the test is that it does.
    if (snippet.notRun !== undefined) lines.push(`test(${JSON.stringify(`${page}:${snippet.line} is not run: ${snippet.notRun}`)}, () => { if (!${JSON.stringify(snippet.notRun)}) throw new Error('<!-- not run: … --> must say why'); });`);
    else if (snippet.declaresTests) lines.push(`describe(${name}, async () => { await (${load})(); });`);
    else lines.push(`test(${name}, async () => { await (${load})(); });`);
  });
  return lines.join('\n');
}

/** One block as a module: TypeScript compiled away, the runner's globals imported unless it imports them. */
function snippetModule(file: string, snippet: Snippet): string {
  if (snippet.commonJs) {
    // CommonJS: run the block with its own module, exports and require (resolving from the page).
    return [
      `import { createRequire } from 'node:module';`,
      `const module = { exports: {} };`,
      `const require = createRequire(${JSON.stringify(file)});`,
      `(function (module, exports, require) {\n${snippet.code}\n})(module, module.exports, require);`,
      `export default module.exports;`,
    ].join('\n');
  }
  const imported = new Set([...snippet.code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]vitest['"]/g)].flatMap((m) => m[1]!.split(',').map((name) => name.trim())));
  const globals = GLOBALS.filter((name) => !imported.has(name) && new RegExp(`\\b${name}\\b`).test(snippet.code));
  const prelude = globals.length > 0 ? `import { ${globals.join(', ')} } from 'vitest';\n` : '';
  const { code } = transformSync(`${prelude}${snippet.code}\nexport {};`, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: `${file}:${snippet.line}` });
  return code;
}
