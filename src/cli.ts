#!/usr/bin/env node
/**
 * The package's command: `npx tool-call-accuracy label` and `npx tool-call-accuracy calibrate`.
 * Exit codes: 0 done, 1 a calibration gate failed, 2 the command could not run as asked.
 */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CalibrationError } from './calibration/errors.js';
import { ToolCallAccuracyError } from './errors.js';
import { checkGate, type CalibrationGate } from './judge/calibrationSettings.js';
import { calibrateCommand, compareCommand } from './cli/calibrateCommand.js';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { JudgeModel } from './judge/types.js';
import { labelCommand } from './cli/label.js';
import { DEFAULT_CACHE_DIR } from './judge/cacheSettings.js';

const USAGE = `Usage:
  npx tool-call-accuracy label [options]       label the judged runs that have no label yet
  npx tool-call-accuracy calibrate [options]   how far the judge agrees with the labels

Common options:
  --dir <dir>           the verdict files (default ${DEFAULT_CACHE_DIR})
  --labels <file>       the labels file (default <dir>/labels.json)
  --threshold <score>   the score a run needs to pass, 0 to 1 (default 1, as toUseAppropriateTools)

label:
  --sample <n>          label n unlabelled runs picked at random (default: all, newest first)
  --seed <n>            the seed of --sample (default 1)
  --accept-judge        label them with the judge's own decisions (after reviewing the verdicts)
  --from <file.csv>     take labels from a CSV with the columns key, decision, label

calibrate:
  --json                write the report as JSON
  --level <level>       the level the gate checks: run, call, step, "missing tool", criterion (default run)
  --min-kappa <k>       fail (exit 1) unless the low end of κ's 95% interval reaches k
  --min-tpr <r>         … of the TPR's interval
  --min-tnr <r>         … of the TNR's interval
  --min-labels <n>      … unless the level has n labelled decisions
  --warn-only           report a failed gate without failing
  --model <id|file>     A/B: judge the labelled runs again with this model (an AI Gateway id such as
                        openai/gpt-5-mini, or a .js/.mjs file whose default export is an AI SDK model)
  --rubric-file <file>  … with this rubric (with --model)
  --votes <n>           … with this many votes (with --model; default 1)`;

const strings = <const Names extends readonly string[]>(...names: Names) =>
  Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as { [Name in Names[number]]: { type: 'string' } };

const OPTIONS = {
  ...strings('dir', 'labels', 'threshold', 'sample', 'seed', 'from', 'level', 'min-kappa', 'min-tpr', 'min-tnr', 'min-labels', 'model', 'rubric-file', 'votes'),
  'accept-judge': { type: 'boolean' },
  json: { type: 'boolean' },
  'warn-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

const LABEL_ONLY = ['sample', 'seed', 'accept-judge', 'from'];
const CALIBRATE_ONLY = ['json', 'level', 'min-kappa', 'min-tpr', 'min-tnr', 'min-labels', 'warn-only', 'model', 'rubric-file', 'votes'];

function number(values: Record<string, unknown>, name: string, check: (value: number) => boolean, what: string): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text === '' || !check(value)) throw new CalibrationError(`--${name} must be ${what}; received ${JSON.stringify(text)}.`);
  return value;
}

async function readRubric(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new CalibrationError(`--rubric-file: could not read ${file}: ${error.message}`, { cause: error });
  });
  if (text.trim() === '') throw new CalibrationError(`--rubric-file ${file} is empty: a rubric is your criteria, in words.`);
  return text.trim();
}

/** An AI Gateway id, or a module file whose default export (or `model` export) is an AI SDK language model. */
async function loadModel(spec: string, cwd: string): Promise<JudgeModel> {
  if (!/\.[cm]?js$/.test(spec)) return spec;
  const file = path.resolve(cwd, spec);
  const loaded = (await import(pathToFileURL(file).href).catch((error: Error) => {
    throw new CalibrationError(`--model: could not load ${file}: ${error.message}`, { cause: error });
  })) as Record<string, unknown>;
  const model = (loaded.default ?? loaded.model) as { modelId?: unknown } | undefined;
  if (typeof model !== 'object' || model === null || typeof model.modelId !== 'string') {
    throw new CalibrationError(`--model: ${file} must export an AI SDK language model as its default export (export default openai('gpt-5-mini')), or as \`model\`.`);
  }
  return model as JudgeModel;
}

/** Runs the command; returns the exit code. `io` is the terminal, or a test's streams. */
export async function main(argv: readonly string[], io: { stdin: NodeJS.ReadableStream; out(text: string): void; err(text: string): void; cwd: string }): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined) {
      io.out(USAGE);
      return command === undefined && !values.help ? 2 : 0;
    }
    if (command !== 'label' && command !== 'calibrate') throw new CalibrationError(`unknown command ${JSON.stringify(command)}: use label or calibrate.`);
    if (rest.length > 0) throw new CalibrationError(`unexpected argument ${JSON.stringify(rest[0])}.`);
    const wrong = (command === 'label' ? CALIBRATE_ONLY : LABEL_ONLY).find((name) => values[name as keyof typeof values] !== undefined);
    if (wrong !== undefined) throw new CalibrationError(`--${wrong} is an option of ${command === 'label' ? 'calibrate' : 'label'}, not of ${command}.`);
    const dir = path.resolve(io.cwd, values.dir ?? DEFAULT_CACHE_DIR);
    const labelsFile = values.labels === undefined ? undefined : path.resolve(io.cwd, values.labels);
    const threshold = number(values, 'threshold', (value) => value >= 0 && value <= 1, 'a score from 0 to 1') ?? 1;
    if (command === 'label') {
      const sample = number(values, 'sample', (value) => Number.isInteger(value) && value >= 1, 'a whole number of at least 1');
      const seed = number(values, 'seed', Number.isInteger, 'a whole number') ?? 1;
      if (values['accept-judge'] && values.from !== undefined) throw new CalibrationError('--accept-judge and --from are two ways to label: give one.');
      const from = values.from === undefined ? undefined : path.resolve(io.cwd, values.from);
      return await labelCommand({ dir, labelsFile, threshold, sample, seed, acceptJudge: values['accept-judge'] === true, from }, io);
    }
    if (values.model !== undefined || values['rubric-file'] !== undefined || values.votes !== undefined) {
      if (values.model === undefined) throw new CalibrationError('--rubric-file and --votes judge the labelled runs again: give the judge model with --model too (a verdict file names its model but cannot rebuild it).');
      const votes = number(values, 'votes', (value) => Number.isInteger(value) && value >= 1 && value % 2 === 1, 'an odd whole number (1, 3, 5…), so a majority decides') ?? 1;
      const rubric = values['rubric-file'] === undefined ? undefined : await readRubric(path.resolve(io.cwd, values['rubric-file']));
      const model = await loadModel(values.model, io.cwd);
      return await compareCommand({ dir, labelsFile, threshold, json: values.json === true, variant: { model, votes, ...(rubric !== undefined && { rubric }) } }, io);
    }
    const given = {
      minKappa: number(values, 'min-kappa', (value) => value >= -1 && value <= 1, 'a number from -1 to 1'),
      minTpr: number(values, 'min-tpr', (value) => value >= 0 && value <= 1, 'a number from 0 to 1'),
      minTnr: number(values, 'min-tnr', (value) => value >= 0 && value <= 1, 'a number from 0 to 1'),
      minLabels: number(values, 'min-labels', (value) => Number.isInteger(value) && value >= 1, 'a whole number of at least 1'),
      level: values.level,
      warnOnly: values['warn-only'] || undefined,
    };
    const gate = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as CalibrationGate;
    const gated = Object.keys(gate).some((key) => key.startsWith('min'));
    if (!gated && (gate.level !== undefined || gate.warnOnly)) throw new CalibrationError('--level and --warn-only shape a gate: give it a minimum too (--min-kappa, --min-tpr, --min-tnr or --min-labels).');
    if (gated) checkGate(gate, 'calibrate');
    return await calibrateCommand({ dir, labelsFile, threshold, json: values.json === true, gate: gated ? gate : undefined }, io);
  } catch (error) {
    // parseArgs' own errors (an unknown flag, a missing value) say what was wrong in their message.
    const known = error instanceof CalibrationError || error instanceof ToolCallAccuracyError || (error as Error | undefined)?.name === 'JudgeError' || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS');
    if (!known && !(error instanceof Error && /corrupt|Could not read/.test(error.message))) throw error;
    io.err(`tool-call-accuracy: ${(error as Error).message}\nRun npx tool-call-accuracy --help for the options.`);
    return 2;
  }
}

// Run as the package's bin (not when a test imports main).
const invoked = process.argv[1] !== undefined && /(?:^|[\\/])(?:cli\.(?:c?js|ts)|tool-call-accuracy)$/.test(process.argv[1]);
if (invoked) {
  main(process.argv.slice(2), { stdin: process.stdin, out: (text) => console.log(text), err: (text) => console.error(text), cwd: process.cwd() }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
}
