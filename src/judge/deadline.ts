import { JudgeError } from './errors.js';

/** Why a judge was stopped from outside: its test ended (a timeout, a missing `await`) before it answered. */
export class JudgeCancelledError extends JudgeError {
  override name = 'JudgeCancelledError';
}

/**
 * Runs `task` with an abort signal and settles at `timeoutMs` at the latest, or when `cancel` aborts, even when
 * the task never settles: the caller (and its concurrency slot) is never held hostage by a model.
 */
export function withHardLimit<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; cancel?: AbortSignal; timedOut: () => Error },
): Promise<T> {
  const { timeoutMs, cancel, timedOut } = options;
  if (cancel?.aborted) return Promise.reject(cancelledError(cancel));
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const stop = (error: Error) => {
      cleanup();
      controller.abort(error);
      reject(error);
    };
    const timer = setTimeout(() => stop(timedOut()), timeoutMs);
    const onCancel = () => stop(cancelledError(cancel!));
    cancel?.addEventListener('abort', onCancel, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      cancel?.removeEventListener('abort', onCancel);
    };
    let running: Promise<T>;
    try {
      running = task(controller.signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        // After a stop the promise is settled already; a late rejection changes nothing.
        reject(error);
      },
    );
  });
}

function cancelledError(cancel: AbortSignal): Error {
  const reason: unknown = cancel.reason;
  return reason instanceof JudgeError ? reason : new JudgeCancelledError(typeof reason === 'string' ? reason : 'The LLM judge was cancelled before it answered.');
}
