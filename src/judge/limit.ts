// One queue per process (kept on globalThis so the ESM and CJS builds share it).
const STATE = Symbol.for('tool-call-accuracy.judge-limit');
interface Limiter {
  active: number;
  waiting: Array<() => void>;
}

function limiter(): Limiter {
  const holder = globalThis as { [STATE]?: Limiter };
  return (holder[STATE] ??= { active: 0, waiting: [] });
}

/** Runs `task` when fewer than `concurrency` judge requests are in flight. */
export async function withConcurrencyLimit<T>(concurrency: number, task: () => Promise<T>): Promise<T> {
  const state = limiter();
  while (state.active >= concurrency) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.active++;
  try {
    return await task();
  } finally {
    state.active--;
    state.waiting.shift()?.();
  }
}
