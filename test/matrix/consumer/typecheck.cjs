// The type check of a TypeScript 5 cell, through the language service an editor runs (VS Code's):
// the same diagnostics as `tsc -p`, then what hovering shows: every matcher call in the type test
// files must show its documentation and an @example that uses it. One program serves both.
// TypeScript 7 has no JavaScript API: its cells run its `tsc` and skip the hover check.
// Usage: node typecheck.cjs tsconfig.vitest.json
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const MATCHERS = [
  'toCallTool',
  'toCallToolTimes',
  'toCallOnly',
  'toCallToolsInOrder',
  'toCallToolsInAnyOrder',
  'toCallOnlyFrom',
  'toCallNoTools',
  'toCallToolsWithoutErrors',
  'toRepeatToolCalls',
  'toStayWithinBudget',
  'toCallToolsWithValidInputs',
  'toUseAppropriateTools',
  'toFollowASensibleTrajectory',
];

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

const program = service.getProgram();
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => path.dirname(configPath), getNewLine: () => '\n' };
  console.error(ts.formatDiagnostics(diagnostics, host));
  console.error(`${diagnostics.length} type errors (TypeScript ${ts.version}).`);
  process.exit(1);
}

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
console.log(`No type errors; hovering each of ${checked} matcher calls shows its documentation with an example (TypeScript ${ts.version}).`);
