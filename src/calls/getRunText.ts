import { ToolCallAccuracyError } from '../errors.js';
import { describeValue } from '../describe.js';
import type { RunText } from './adapter.js';
import { detectFormat } from './detect.js';
import { turnsOf } from './turns.js';
import type { RunView } from './views.js';
import { isRunView, selectTurn } from './views.js';

/** Reads the request and reply text from any supported run; formats without text give `{}`. */
export function getRunText(run: unknown): RunText {
  if (isRunView(run)) return viewText(run);
  const adapter = detectFormat(run);
  if (!adapter?.text) return {};
  try {
    return adapter.text(run);
  } catch (error) {
    throw new ToolCallAccuracyError(`reading the text of ${describeValue(run)} failed: ${String(error)}`, { cause: error });
  }
}

/** A turn's text is its own: the user message that opened it and the agent's answer. */
function viewText(view: RunView): RunText {
  const { selection } = view;
  if (!('turn' in selection)) {
    throw new ToolCallAccuracyError(`${view.toString()}: the judge reads a whole run or one turn; to judge a sub-agent, pass its own run.`);
  }
  const adapter = detectFormat(view.run);
  if (!adapter) return getRunText(view.run);
  const { unit, turns } = turnsOf(view.run, adapter);
  const turn = selectTurn(view, selection.turn, turns, adapter.format, unit);
  return getRunText(turn);
}
