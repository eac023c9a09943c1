import { JudgeError } from './errors.js';
import type { JudgeVerdict } from './types.js';

let cached: Promise<unknown> | undefined;

/**
 * The zod schema of the judge's answer, built on first use (`zod` is an optional peer, loaded
 * lazily like `ai`). Field descriptions reach the model through the JSON Schema the SDK sends.
 */
export function verdictSchema(): Promise<unknown> {
  cached ??= build().catch((error: unknown) => {
    cached = undefined;
    throw new JudgeError('The LLM judge needs zod: install it with `npm i -D zod`.', { cause: error });
  });
  return cached;
}

async function build(): Promise<unknown> {
  const module = (await import('zod')) as unknown as { z?: ZodLike; default?: ZodLike };
  const z = module.z ?? module.default;
  if (!z) throw new Error('zod has no `z` export');
  return z.object({
    evaluations: z
      .array(
        z.object({
          toolCalled: z.string().describe('The tool name of the call, exactly as given'),
          wasAppropriate: z.boolean().describe('Was this tool an appropriate choice for the request?'),
          reasoning: z.string().describe('One sentence explaining the judgement'),
        }),
      )
      .describe('One entry per tool call the agent made, in the order they were made'),
    missingTools: z.array(z.string()).describe('Available tools the request clearly needed that the agent never called'),
    reason: z.string().describe('One or two sentences explaining the overall verdict'),
  });
}

// The few zod builders used, typed structurally so zod 3.25 and 4 both fit.
interface ZodLike {
  object(shape: Record<string, unknown>): Describable;
  array(item: unknown): Describable;
  string(): Describable;
  boolean(): Describable;
}
interface Describable {
  describe(text: string): Describable;
}

/**
 * Checks that a schema-valid answer judged exactly the calls made (one evaluation per call, same
 * names, same order) and named only available tools as missing. Returns the problem, if any.
 */
export function verdictProblem(verdict: JudgeVerdict, calledTools: readonly string[], availableTools: readonly string[]): string | undefined {
  const judged = verdict.evaluations.map((evaluation) => evaluation.toolCalled);
  if (judged.length !== calledTools.length) {
    return `it evaluated ${judged.length} call${judged.length === 1 ? '' : 's'} but the agent made ${calledTools.length}`;
  }
  const mismatch = judged.findIndex((name, index) => name !== calledTools[index]);
  if (mismatch !== -1) {
    return `its evaluation ${mismatch + 1} is of ${JSON.stringify(judged[mismatch])}, but call ${mismatch + 1} was to ${JSON.stringify(calledTools[mismatch])}`;
  }
  const unknown = verdict.missingTools.filter((name) => !availableTools.includes(name));
  if (unknown.length > 0 && availableTools.length > 0) {
    return `it named ${unknown.map((name) => JSON.stringify(name)).join(', ')} as missing, which ${unknown.length === 1 ? 'is' : 'are'} not an available tool`;
  }
  return undefined;
}

/** The verdict with duplicate missing tools removed. */
export function tidyVerdict(verdict: JudgeVerdict): JudgeVerdict {
  return {
    evaluations: verdict.evaluations.map(({ toolCalled, wasAppropriate, reasoning }) => ({ toolCalled, wasAppropriate, reasoning })),
    missingTools: [...new Set(verdict.missingTools)],
    reason: verdict.reason,
  };
}
