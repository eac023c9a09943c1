import { withArticle } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import type { FormatAdapter, Turns } from './adapter.js';
import { isRecord } from './adapter.js';

/** A run that answers one request (a result, its steps, one response or message): one turn. */
export function oneTurn(run: unknown): Turns {
  return { unit: 'run', turns: [run] };
}

/**
 * A conversation cut into turns: turn k runs from the k-th message that `startsTurn` (a user's) up to
 * the next; messages before the first belong to no turn. One message, not in a list, is one turn.
 */
export function conversationTurns(run: unknown, startsTurn: (message: unknown) => boolean, messages: readonly unknown[] | undefined = Array.isArray(run) ? run : undefined): Turns {
  if (messages === undefined) return oneTurn(run);
  const turns: unknown[][] = [];
  for (const message of messages) {
    if (startsTurn(message)) turns.push([message]);
    else turns[turns.length - 1]?.push(message);
  }
  return { unit: 'user message', turns };
}

/** The usual turn start: a message whose `role` is `user`. */
export function isUserMessage(message: unknown): boolean {
  return isRecord(message) && message.role === 'user';
}

/** The run's turns, each a value the same adapter reads; an error for a format that cannot tell them apart. */
export function turnsOf(run: unknown, adapter: FormatAdapter): Turns {
  if (!adapter.turns) throw new ToolCallAccuracyError(`turn(run, n) cannot tell the turns of ${withArticle(adapter.format)} run apart. Pass the conversation's messages instead.`);
  return adapter.turns(run);
}
