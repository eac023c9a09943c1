/**
 * A scorer's source of run ids: the run's own `runId`, else one random v4-shaped UUID per scorer
 * whose last group counts up (a fresh UUID per run would allocate more than scoring the run does).
 */
export function runIds(): (run: unknown) => string {
  // The Web Crypto global, not node:crypto: importing the package loads no crypto module.
  let base: string | undefined;
  let count = 0;
  // The id less its last two hex digits, made once per 256 runs: each id is one concatenation.
  let prefix = '';
  return (run) => {
    const runId = typeof run === 'object' && run !== null ? (run as { runId?: unknown }).runId : undefined;
    if (typeof runId === 'string' && runId !== '') return runId;
    base ??= globalThis.crypto.randomUUID().slice(0, 24);
    const low = count % 256;
    if (low === 0) prefix = base + Math.floor(count / 256).toString(16).padStart(10, '0');
    count++;
    return prefix + HEX_PAIRS[low]!;
  };
}

/** '00' to 'ff'. */
const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
