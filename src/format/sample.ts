import type { Gate } from '../sample/gate.js';
import { cut as cutText, escapeUnsafe } from '../printable.js';
import { compose } from './message.js';
import { formatInline, plural } from '../value.js';

/** Failing runs a message prints in full; the rest are listed by number. */
export const FAILURES_SHOWN = 3;
const ERROR_LINES = 8;
const ERROR_CHARS = 2000;

/** 0.7 → "70%", 0.3968 → "39.7%". */
export function percent(rate: number): string {
  const value = (rate * 100).toFixed(1);
  return `${value.endsWith('.0') ? value.slice(0, -2) : value}%`;
}

/** The gate's rule in words: "minPassRate 0.9", or the confidence bound. */
export function describeRule(gate: Pick<Gate, 'minPassRate' | 'confidence'>): string {
  return gate.confidence === undefined
    ? `minPassRate ${gate.minPassRate}`
    : `the ${percent(gate.confidence)} Wilson lower bound reaching ${gate.minPassRate}`;
}

/** "Passed in 7 of 10 runs (flaky); at least 9 required (minPassRate 0.9)." and the rate with its interval. */
export function describeGate(gate: Gate): string {
  const required = gate.required > gate.n ? 'no count of runs is enough' : gate.required === gate.n ? `all ${gate.n} required` : `at least ${gate.required} required`;
  return [
    `Passed in ${gate.passes} of ${gate.n} runs (${gate.status}); ${required} (${describeRule(gate)}).`,
    `Pass rate ${percent(gate.rate)}, 95% Wilson interval ${percent(gate.interval.low)}–${percent(gate.interval.high)}.`,
  ].join('\n');
}

/** The failure message of an assertion over a sample: the gate, then the first failing runs in full, then the numbers of the rest. */
export function formatSampleMessage(hintLine: string, gate: Gate, shown: ReadonlyArray<{ run: number; text: string }>, otherRuns: readonly number[]): string {
  const runs = shown.map(({ run, text }) => `Run ${run} of ${gate.n} failed:\n${indent(text)}`);
  const more = otherRuns.length > 0 && `… and ${plural(otherRuns.length, 'more failing run')}: ${listRuns(otherRuns)}.`;
  return compose(hintLine, describeGate(gate), ...runs, more);
}

/** A thrown run for a message: the error's name and message, control characters made visible, cut to a few lines. */
export function describeThrown(error: unknown): string {
  let text: string;
  try {
    // After "The agent threw: ": an error as `Name: message`, anything else as its value ("threw" is said once).
    text = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? JSON.stringify(error) : String(error);
  } catch {
    text = 'a value that cannot be printed';
  }
  const lines = printable(cutText(text, ERROR_CHARS)).split('\n');
  const cut = lines.length > ERROR_LINES ? [...lines.slice(0, ERROR_LINES), `… ${lines.length - ERROR_LINES} more lines`] : lines;
  return `The agent threw: ${cut.join('\n')}`;
}

/** Text from a run or an agent's error, each line escaped (ANSI codes in an error would repaint the terminal); its newlines kept. */
export function printable(text: string): string {
  return text.split('\n').map(escapeUnsafe).join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
}

function listRuns(runs: readonly number[]): string {
  const shown = runs.slice(0, 20).join(', ');
  return runs.length > 20 ? `${shown}, …` : shown;
}

/** The assertion on one line for the report, with its arguments shortened: `expect(runs).not.toCallTool("cancel-booking")`. */
export function describeAssertion(matcherName: string, received: 'run' | 'runs', isNot: boolean, args: readonly unknown[]): string {
  const shown = args.map((arg) => formatInline(arg, 48)).join(', ');
  return printable(`expect(${received}).${isNot ? 'not.' : ''}${matcherName}(${shown})`);
}
