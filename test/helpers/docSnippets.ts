import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import { GIVEN_SCENES, type GivenScene } from './docGivenNames.js';

/**
 * Every ts/js code block of README.md and docs/*.md runs as written: this Vite plugin makes each
 * page a Vitest test file (vitest.config.ts includes the pages) with one test per block, named
 * `page:line`. A block is its own ES module, importing the real packages (`tool-call-accuracy` is
 * this package's source, by the aliases in vitest.config.ts), with the runner's globals (`test`,
 * `expect`, …) as a user's test file has them. A block that declares tests (`test(…)`,
 * `describe(…)`) registers them under its `page:line`; any other block runs inside one test. A
 * block written as CommonJS (`module.exports`, `require(`) runs as CommonJS.
 *
 * On the line before its fence, a block may say:
 * - `<!-- runs with ai@6 -->` (or 5, 7): its `ai` and `ai/test` imports, and the judge, load that
 *   major (the repository installs ai@6 and ai@5 as `ai6` and `ai5`), for a page that shows each;
 * - `<!-- given: scene -->`: a block that shows checks of "your" run, model, tools or agent gets
 *   those names from a scene of test/helpers/docGivens.ts, built from real runs (the names each
 *   scene gives are listed in docGivenNames.ts; a block gets those it uses and does not declare);
 * - `<!-- not run: why -->`: a block that cannot run offline (a live provider key). Keep that rare.
 */
export interface Snippet {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The reason given in a `<!-- not run: … -->` marker, when the block has one. */
  notRun?: string;
  /** The `ai` major of a `<!-- runs with ai@N -->` marker. */
  aiMajor?: number;
  /** The scene of a `<!-- given: … -->` marker. */
  given?: string;
  commonJs: boolean;
  declaresTests: boolean;
}

const FENCE = /^```(ts|typescript|js|javascript|mjs|cjs)\s*$/;
/** A closing fence has no info string (CommonMark), so a "```ts" line inside another block is its text. */
const CLOSE = /^```\s*$/;
const NOT_RUN = /^<!--\s*not run:\s*(.*?)\s*-->\s*$/;
const RUNS_WITH_AI = /^<!--\s*runs with ai@(\d+)\s*-->\s*$/;
const GIVEN = /^<!--\s*given:\s*([\w-]+)\s*-->\s*$/;
/** The package name of each `ai` major in this repository's node_modules. */
const AI_PACKAGE: Record<number, string> = { 5: 'ai5', 6: 'ai6', 7: 'ai' };

export function snippetsOf(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = lines[index]!.match(FENCE);
    if (!open) {
      // Skip the body of any other fenced block, so a fence inside it is not taken for one.
      if (lines[index]!.startsWith('```')) while (++index < lines.length && !CLOSE.test(lines[index]!));
      continue;
    }
    const start = index;
    const body: string[] = [];
    while (++index < lines.length && !CLOSE.test(lines[index]!)) body.push(lines[index]!);
    const code = body.join('\n');
    const marker = lines[start - 1]?.match(NOT_RUN);
    const aiMajor = lines[start - 1]?.match(RUNS_WITH_AI);
    const given = lines[start - 1]?.match(GIVEN);
    snippets.push({
      line: start + 1,
      lang: open[1]!,
      code,
      ...(marker && { notRun: marker[1] }),
      ...(aiMajor && { aiMajor: Number(aiMajor[1]) }),
      ...(given && { given: given[1] }),
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

/** The line of a fence that no closing fence follows, if any. */
function unclosedFence(markdown: string): number | undefined {
  let open: number | undefined;
  markdown.split('\n').forEach((line, index) => {
    if (open === undefined ? line.startsWith('```') : CLOSE.test(line)) open = open === undefined ? index + 1 : undefined;
  });
  return open;
}

/** The test file a page becomes. */
function pageModule(file: string, markdown: string): string {
  const page = path.relative(process.cwd(), file);
  // Each block starts with no judge configuration, as its own test file would; a block's tests run
  // with the configuration it made (the blocks after it made theirs while Vitest collected tests).
  const config = JSON.stringify(path.resolve('src/judge/config.ts'));
  const lines = [
    `import { beforeAll, describe, test } from 'vitest';`,
    `import { configureJudge, getJudgeConfig, resetJudgeConfig } from ${config};`,
    `const restoring = (config) => () => { resetJudgeConfig(); configureJudge(config); };`,
  ];
  const snippets = snippetsOf(markdown);
  // Every page, with blocks or without: an unclosed fence turns the rest of the page into code.
  const unclosed = unclosedFence(markdown);
  lines.push(`test(${JSON.stringify(`${page}: every fenced block is closed`)}, () => { ${unclosed ? `throw new Error(${JSON.stringify(`the block opened at line ${unclosed} is never closed`)});` : ''} });`);
  // What a given scene left behind (a working directory, environment variables) is undone after its block.
  if (snippets.some((snippet) => snippet.given !== undefined && snippet.notRun === undefined)) {
    lines[0] = `import { afterAll, beforeAll, describe, test } from 'vitest';`;
    lines.push(`import { releaseGivens } from ${JSON.stringify(path.resolve('test/helpers/docGivens.ts'))};`);
  }
  snippets.forEach((snippet, index) => {
    const name = JSON.stringify(`${page}:${snippet.line}`);
    const load = `() => import(${JSON.stringify(`${file}?snippet=${index}`)})`;
    const release = snippet.given === undefined ? '' : ' afterAll(releaseGivens);';
    // A block left out says why, and still compiles.
    if (snippet.notRun !== undefined) lines.push(`test(${JSON.stringify(`${page}:${snippet.line} is not run: ${snippet.notRun}`)}, () => { ${notRunCheck(snippet)} });`);
    else if (snippet.declaresTests) lines.push(`describe(${name}, async () => { resetJudgeConfig(); await (${load})(); beforeAll(restoring({ ...getJudgeConfig() }));${release} });`);
    // A scene loads what its runs need (Mastra's runtime, the provider SDKs) inside the test: more time than a plain block.
    else if (snippet.given !== undefined) lines.push(`test(${name}, async () => { resetJudgeConfig(); try { await (${load})(); } finally { await releaseGivens(); } }, 60_000);`);
    else lines.push(`test(${name}, async () => { resetJudgeConfig(); await (${load})(); });`);
  });
  return lines.join('\n');
}

/** What the test of a block left out checks: it says why, and it compiles (a syntax error fails). */
function notRunCheck(snippet: Snippet): string {
  if (!snippet.notRun) return `throw new Error('<!-- not run: … --> must say why');`;
  try {
    transformSync(snippet.code, { loader: snippet.lang.startsWith('j') || snippet.lang === 'mjs' || snippet.lang === 'cjs' ? 'js' : 'ts', format: 'esm' });
    return '';
  } catch (error) {
    return `throw new Error(${JSON.stringify(`the block does not compile: ${(error as Error).message}`)});`;
  }
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
  if (snippet.given !== undefined && snippet.commonJs) throw new Error(`${file}:${snippet.line}: a CommonJS block cannot be given a scene`);
  const ai = snippet.aiMajor === undefined ? undefined : AI_PACKAGE[snippet.aiMajor];
  if (snippet.aiMajor !== undefined && !ai) throw new Error(`${file}:${snippet.line}: no ai@${snippet.aiMajor} here (${Object.keys(AI_PACKAGE).join(', ')})`);
  let code = ai ? snippet.code.replace(/(from\s*['"])ai(\/[\w-]+)?(['"])/g, `$1${ai}$2$3`) : snippet.code;
  const scene = snippet.given === undefined ? undefined : givenScene(file, snippet);
  for (const [specifier, target] of Object.entries(scene?.imports ?? {})) {
    code = code.replaceAll(new RegExp(`(from\\s*['"])${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(['"])`, 'g'), `$1${path.resolve(target)}$2`);
  }
  const imported = new Set([...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]vitest['"]/g)].flatMap((m) => m[1]!.split(',').map((name) => name.trim())));
  const globals = GLOBALS.filter((name) => !imported.has(name) && new RegExp(`\\b${name}\\b`).test(code));
  let prelude = globals.length > 0 ? `import { ${globals.join(', ')} } from 'vitest';\n` : '';
  if (ai) {
    // The judge loads the block's major too, while the block's tests run.
    const loadAi = JSON.stringify(path.resolve('src/judge/loadAi.ts'));
    prelude +=
      `import { beforeAll as __beforeAll, afterAll as __afterAll } from 'vitest';\n` +
      `import { setAiLoaderForTesting as __setAiLoader } from ${loadAi};\n` +
      `__beforeAll(() => __setAiLoader(() => import(${JSON.stringify(ai)})));\n__afterAll(() => __setAiLoader());\n`;
  }
  if (scene) {
    // The scene's names this block uses and does not declare itself, built for this block alone.
    const names = scene.names.filter((name) => usesFreely(code, name));
    prelude +=
      `import { given as __given } from ${JSON.stringify(path.resolve('test/helpers/docGivens.ts'))};\n` +
      `const { ${names.join(', ')} } = await __given(${JSON.stringify(snippet.given)});\n`;
  }
  const compiled = transformSync(`${prelude}${code}\nexport {};`, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: `${file}:${snippet.line}` });
  return compiled.code;
}

function givenScene(file: string, snippet: Snippet): GivenScene {
  const scene = (GIVEN_SCENES as Record<string, GivenScene>)[snippet.given!];
  if (!scene || !Object.hasOwn(GIVEN_SCENES, snippet.given!)) {
    throw new Error(`${file}:${snippet.line}: <!-- given: ${snippet.given} --> names no scene; the scenes are ${Object.keys(GIVEN_SCENES).join(', ')} (test/helpers/docGivenNames.ts)`);
  }
  return scene;
}

/** Whether the block uses `name` (outside comments, not as a property) without declaring or importing it. */
export function usesFreely(code: string, name: string): boolean {
  const source = code.replace(/\/\/.*$/gm, '');
  if (!new RegExp(`(?<![.\\w$])${name}\\b`).test(source)) return false;
  const declared = [
    new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b`),
    new RegExp(`\\b(?:const|let|var)\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=`),
    new RegExp(`\\bimport\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from`),
    new RegExp(`\\bimport\\s+${name}\\b`),
  ];
  return !declared.some((pattern) => pattern.test(source));
}
