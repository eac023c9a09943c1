/**
 * A scorer's source of run ids: the run's own `runId` (Mastra's runs carry one), else a fresh id.
 * One random UUID per scorer whose last group counts up, rather than a fresh UUID per run, which
 * allocates more than scoring the run does. Still a v4-shaped UUID, unique across runs; the count
 * lives in the scorer, not in the module.
 */
export function runIds(): (run: unknown) => string {
  // The Web Crypto global (Node 19+), not node:crypto: importing the package loads no crypto module,
  // and the first id is made only when a run without its own id is scored.
  let base: string | undefined;
  let count = 0;
  // The id less its last two hex digits, made once per 256 runs: each id is then one concatenation,
  // where padding a fresh count would make three strings.
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
