import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// These check the build: `npm test` builds first; alone, run `npm run build` before them.
export const dist = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * What loading a built file loads with it: its static imports, followed through dist/ (not what it
 * loads later with import() or require()). `files` are dist/'s, `modules` the others it names.
 */
export function loadedWith(entry: string): { files: string[]; modules: string[]; bytes: number } {
  const files = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    // ES modules: `import … from '…'`, `export … from '…'`, `import '…'`; CommonJS: a top-level `require('…')`.
    const statics = /^(?:(?:import|export)\b[^'"\n]*?\bfrom\s*|import\s*|(?:var \w+ = )?require\()['"]([^'"]+)['"]/gm;
    for (const [, specifier] of code.matchAll(statics)) {
      if (specifier!.startsWith('./')) visit(specifier!.slice(2));
      else modules.add(specifier!);
    }
  };
  visit(entry);
  return { files: [...files].sort(), modules: [...modules].sort(), bytes: [...files].reduce((sum, file) => sum + statSync(path.join(dist, file)).size, 0) };
}

