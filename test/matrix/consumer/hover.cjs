// What an editor shows on hover, asked of the cell's TypeScript language service (the one VS Code
// runs): every matcher call in the type test files must show its documentation and an @example
// that uses it. TypeScript 7 has no JavaScript API, so cells with it skip this check.
// Usage: node hover.cjs tsconfig.vitest.json
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const MATCHERS = ['toCallTool', 'toCallToolTimes', 'toCallOnly', 'toCallToolsInOrder', 'toCallNoTools', 'toUseAppropriateTools'];

const configPath = path.resolve(process.argv[2]);
const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
const service = ts.createLanguageService({
  getCompilationSettings: () => parsed.options,
  getScriptFileNames: () => parsed.fileNames,
  getScriptVersion: () => '1',
  getScriptSnapshot: (file) => (fs.existsSync(file) ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, 'utf8')) : undefined),
  getCurrentDirectory: () => path.dirname(configPath),
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});

const problems = [];
let checked = 0;
for (const file of parsed.fileNames) {
  const text = fs.readFileSync(file, 'utf8');
  for (const name of MATCHERS) {
    // Every call of the matcher that is not a deliberate misuse (those follow an @ts-expect-error line).
    for (const match of text.matchAll(new RegExp(`\\.${name}\\(`, 'g'))) {
      const lineStart = text.lastIndexOf('\n', match.index) + 1;
      const previousLine = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart);
      if (previousLine.includes('@ts-expect-error')) continue;
      const where = `${path.basename(file)}:${text.slice(0, match.index).split('\n').length}`;
      const info = service.getQuickInfoAtPosition(file, match.index + 1);
      checked++;
      const documentation = ts.displayPartsToString(info?.documentation ?? []);
      const examples = (info?.tags ?? []).filter((tag) => tag.name === 'example').map((tag) => ts.displayPartsToString(tag.text ?? []));
      if (documentation.trim() === '') problems.push(`${where}: hovering ${name} shows no documentation`);
      else if (!examples.some((example) => example.includes(`${name}(`))) problems.push(`${where}: hovering ${name} shows no @example that uses it`);
    }
  }
}

if (checked < MATCHERS.length) problems.push(`found only ${checked} matcher calls to hover in ${parsed.fileNames.join(', ')}`);
if (problems.length > 0) {
  console.error(`Hover check failed (TypeScript ${ts.version}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Hover check: ${checked} matcher calls show their documentation with an example (TypeScript ${ts.version}).`);
