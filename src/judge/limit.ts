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

/** Runs `task` when fewer than `concurrency` judge requests are in flight; a judge cancelled while waiting leaves the queue at once. */
export async function withConcurrencyLimit<T>(concurrency: number, task: () => Promise<T>, cancel?: AbortSignal): Promise<T> {
  const state = limiter();
  while (state.active >= concurrency) await waitForSlot(state, cancel);
  cancel?.throwIfAborted();
  state.active++;
  try {
    return await task();
  } finally {
    state.active--;
    state.waiting.shift()?.();
  }
}

function waitForSlot(state: Limiter, cancel: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (cancel?.aborted) return reject(cancel.reason);
    const wake = () => {
      cancel?.removeEventListener('abort', leave);
      resolve();
    };
    const leave = () => {
      const index = state.waiting.indexOf(wake);
      if (index !== -1) state.waiting.splice(index, 1);
      reject(cancel!.reason);
    };
    cancel?.addEventListener('abort', leave, { once: true });
    state.waiting.push(wake);
  });
}
