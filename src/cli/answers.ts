/** The answers a person gives `label`: a keypress each at a terminal, a line each from a pipe; undefined at the end. */
import { createInterface, emitKeypressEvents } from 'node:readline';

export interface Answers {
  next(): Promise<string | undefined>;
  close(): void;
}

interface Input extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export function answersFrom(input: Input): Answers {
  if (input.isTTY && typeof input.setRawMode === 'function') return keypresses(input);
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  return {
    next: async () => {
      const { value, done } = await lines.next();
      return done ? undefined : String(value).trim().toLowerCase();
    },
    close: () => void lines.return?.(),
  };
}

function keypresses(input: Input): Answers {
  emitKeypressEvents(input);
  input.setRawMode!(true);
  input.resume();
  return {
    next: () =>
      new Promise((resolve) => {
        input.once('keypress', (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) => {
          // Ctrl-C and Ctrl-D end the walk as q does; what was labelled so far is kept.
          if (key?.ctrl && (key.name === 'c' || key.name === 'd')) resolve('q');
          else resolve((text ?? key?.name ?? '').toLowerCase());
        });
      }),
    close: () => {
      input.setRawMode!(false);
      input.pause();
    },
  };
}
