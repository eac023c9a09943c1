import { readFile } from 'node:fs/promises';
import { withArticle } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';

/**
 * Reads recorded runs: JSONL (one run per line, blank lines skipped) or a JSON array of runs.
 * `.jsonl`/`.ndjson` files are read as lines and `.json` files as one array; any other name is an
 * array when the whole file parses as one, lines otherwise. A line or file that is not JSON is an
 * error naming the file and line. Pass the result to `sample()` to gate a recorded data set.
 * @example
 * const runs = await sample(loadRuns('runs.jsonl'), { minPassRate: 0.9 })
 */
export async function loadRuns(file: string): Promise<unknown[]> {
  if (typeof file !== 'string' || file === '') {
    throw new ToolCallAccuracyError(`loadRuns(path) takes the path of a .jsonl or .json file of runs; received ${file === '' ? 'an empty string' : typeof file}.`);
  }
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ToolCallAccuracyError(`loadRuns: cannot read ${file}${error.code === 'ENOENT' ? ': no such file' : `: ${error.message}`}.`);
  });
  const runs = asArray(file, text) ?? asLines(file, text);
  if (runs.length === 0) throw new ToolCallAccuracyError(`loadRuns: ${file} holds no runs.`);
  return runs;
}

/** The runs of a JSON array file, or undefined when the file is to be read as lines. */
function asArray(file: string, text: string): unknown[] | undefined {
  if (/\.(jsonl|ndjson)$/i.test(file)) return undefined;
  const explicit = /\.json$/i.test(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (!explicit) return undefined;
    throw new ToolCallAccuracyError(`loadRuns: ${file}${lineOf(text, error)} is not valid JSON: ${shortMessage(error)}. A .json file holds one array of runs; for one run per line, name it .jsonl.`);
  }
  if (Array.isArray(value)) return value;
  if (!explicit) return undefined;
  throw new ToolCallAccuracyError(`loadRuns: ${file} holds ${value === null ? 'null' : withArticle(typeof value)}, not an array of runs. Put the runs in an array, or write one per line in a .jsonl file.`);
}

function asLines(file: string, text: string): unknown[] {
  const runs: unknown[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    try {
      runs.push(JSON.parse(line));
    } catch (error) {
      throw new ToolCallAccuracyError(`loadRuns: ${file}:${index + 1} is not valid JSON: ${shortMessage(error)}. Each line must hold one run as JSON.`);
    }
  }
  return runs;
}

/** ":3" for the line a JSON.parse error points at, when its message gives a position. */
function lineOf(text: string, error: unknown): string {
  const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
  return position === undefined ? '' : `:${text.slice(0, Number(position)).split('\n').length}`;
}

// A parse error quotes the bad text; a megabyte line must not become a megabyte message.
function shortMessage(error: unknown): string {
  const message = String((error as Error).message).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}
