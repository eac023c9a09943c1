import type { FormatAdapter, MessageFit, MessageKinds, MessageRecognizer, UnknownRecord } from './adapter.js';
import { isRecord } from './adapter.js';
import { describeKeys } from './unknownParts.js';

/** What `classify` decided of a list of messages: its format, two formats mixed, or a message no format reads. */
export type Classification =
  | { readonly kind: 'format'; readonly format: string }
  | { readonly kind: 'mixed'; readonly first: Sighting; readonly second: Sighting }
  | { readonly kind: 'unknown'; readonly at: number; readonly message: UnknownRecord; readonly format?: string };

interface Sighting {
  readonly format: string;
  readonly name: string;
  readonly at: number;
}

type Recognizers = ReadonlyArray<{ readonly format: string; readonly recognizer: MessageRecognizer }>;

/** The recognizers of the adapters that have one, in detection order. */
export function recognizersOf(adapters: readonly FormatAdapter[]): Recognizers {
  return adapters.flatMap((adapter) => (adapter.messages ? [{ format: adapter.format, recognizer: adapter.messages }] : []));
}

/** The classification for one detection, where each message adapter asks of the same value (not kept longer: an array may change). */
export class KindMemo implements MessageKinds {
  private value: unknown;
  private found: Classification | undefined;
  private known = false;

  constructor(private readonly recognizers: Recognizers) {}

  of(value: unknown): string | undefined {
    const found = this.classify(value);
    return found?.kind === 'format' ? found.format : found === undefined ? undefined : found.kind;
  }

  classify(value: unknown): Classification | undefined {
    if (!this.known || this.value !== value) {
      this.value = value;
      this.found = classify(value, this.recognizers);
      this.known = true;
    }
    return this.found;
  }
}

/**
 * Which message format a list of messages (or one message) is in, decided for all the formats at once:
 * - a message shows a format when a recognizer (the first in the list) finds `evidence` of it;
 *   messages of two formats make the list `mixed`, unless one format `absorbs` the other;
 * - that format claims the list only if every message fits it, else the list is `unknown`;
 * - a list with no evidence (text only) goes to the first fallback that every message fits, with
 *   at least one in its own shape (`text`).
 * A value that is not messages (neither a string `role` nor a string `type`) is none.
 */
function classify(value: unknown, recognizers: Recognizers): Classification | undefined {
  const messages: readonly unknown[] = Array.isArray(value) ? value : [value];
  if (messages.length === 0) return undefined;
  for (const message of messages) if (!isMessageLike(message)) return undefined;
  // The formats the messages show, the first sighting of each; which recognizer each message shows (-1: none).
  let first: Sighting | undefined;
  let second: Sighting | undefined;
  const shows = new Array<number>(messages.length);
  for (let at = 0; at < messages.length; at++) {
    const message = messages[at] as UnknownRecord;
    let shown = -1;
    for (let index = 0; index < recognizers.length; index++) {
      if (recognizers[index]!.recognizer.of(message) === 'evidence') {
        shown = index;
        break;
      }
    }
    shows[at] = shown;
    if (shown === -1) continue;
    const { format, recognizer } = recognizers[shown]!;
    if (!first) first = { format, name: recognizer.name, at };
    else if (format !== first.format) {
      if (absorbs(recognizers, format, first.format)) first = { format, name: recognizer.name, at: first.at };
      else if (!absorbs(recognizers, first.format, format)) {
        second = { format, name: recognizer.name, at };
        break;
      }
    }
  }
  if (first && second) return { kind: 'mixed', first, second };
  if (first) {
    const chosen = recognizers.findIndex(({ format }) => format === first.format);
    const { recognizer } = recognizers[chosen]!;
    // A message that showed the chosen format fits it; the others are asked.
    for (let at = 0; at < messages.length; at++) {
      if (shows[at] === chosen) continue;
      const message = messages[at] as UnknownRecord;
      if (recognizer.of(message) === undefined) return { kind: 'unknown', at, message, format: first.format };
    }
    return { kind: 'format', format: first.format };
  }
  // Text only: the first fallback that every message fits, one at least in its own shape.
  let bestMisfit = -1;
  for (const { format, recognizer } of recognizers) {
    if (!recognizer.fallback) continue;
    let own = false;
    let misfit = -1;
    for (let at = 0; at < messages.length; at++) {
      const fit: MessageFit | undefined = recognizer.of(messages[at] as UnknownRecord);
      if (fit === undefined) {
        misfit = at;
        break;
      }
      if (fit === 'text') own = true;
    }
    if (misfit === -1 && own) return { kind: 'format', format };
    if (misfit > bestMisfit) bestMisfit = misfit;
  }
  // The message that no format could take: the one furthest in, where the best fallback stopped.
  const at = bestMisfit === -1 ? 0 : bestMisfit;
  return { kind: 'unknown', at, message: messages[at] as UnknownRecord };
}

function absorbs(recognizers: Recognizers, reader: string, read: string): boolean {
  return recognizers.find(({ format }) => format === reader)?.recognizer.absorbs?.includes(read) === true;
}

/** Every message format has a string `role` or `type`; anything else (a plain call) is no message. */
function isMessageLike(value: unknown): value is UnknownRecord {
  return isRecord(value) && (typeof value.role === 'string' || typeof value.type === 'string');
}

/** Why a list of messages is not read, for the error ("it mixes message formats: …"); undefined for a value that is not messages. */
export function describeMessages(found: Classification | undefined, run: unknown): string | undefined {
  if (found === undefined || found.kind === 'format') return undefined;
  // One message, not a list: the error has named its keys already.
  if (!Array.isArray(run)) return 'it is in no message format this package reads, so it is refused rather than read as no calls';
  if (found.kind === 'mixed') {
    return `it mixes message formats: message ${found.first.at + 1} is ${found.first.name} and message ${found.second.at + 1} is ${found.second.name}, and a run is read in one format so that no call is missed`;
  }
  const where = `message ${found.at + 1} (${describeKeys(found.message)})`;
  return found.format
    ? `its messages are ${found.format}, but its ${where} is not: a message this package does not know is refused rather than read as no calls`
    : `its ${where} is in no message format this package reads, so it is refused rather than read as no calls`;
}
