import type { FormatAdapter } from './adapter.js';
import { adapters } from './formats.js';
import type { Classification } from './messageKinds.js';
import { KindMemo, recognizersOf } from './messageKinds.js';

const recognizers = recognizersOf(adapters);

/** The adapter that reads `run`, or undefined when no supported format matches. */
export function detectFormat(run: unknown): FormatAdapter | undefined {
  return detect(run).adapter;
}

/** The adapter that reads `run`, with what the message classifier made of it (for the error when none does). */
export function detect(run: unknown): { adapter?: FormatAdapter; messages?: Classification } {
  const kinds = new KindMemo(recognizers);
  for (const adapter of adapters) {
    try {
      if (adapter.detect(run, kinds)) return { adapter };
    } catch {
      // A getter or Proxy trap that throws: this value is not that format.
    }
  }
  try {
    return { messages: kinds.classify(run) };
  } catch {
    return {};
  }
}
