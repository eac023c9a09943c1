import { JudgeError } from './errors.js';
import type { JudgeVerdict, TrajectoryVerdict } from './types.js';
import { quotedNames } from '../value.js';

/** The zod verdict schema, as far as the judge uses it. */
export interface VerdictSchema<Verdict = JudgeVerdict> {
  safeParse(value: unknown): { success: true; data: Verdict } | { success: false; error: { issues: readonly ZodIssue[] } };
}
interface ZodIssue {
  path?: readonly PropertyKey[];
  message?: string;
}

/**
 * The zod schema of the judge's answer, built on first use (`zod` is an optional peer, loaded lazily like `ai`);
 * a failed build is tried again next time. Field descriptions reach the model through the JSON Schema.
 */
function lazySchema<Verdict>(make: (z: ZodLike) => Describable): () => Promise<VerdictSchema<Verdict>> {
  let cached: Promise<VerdictSchema<Verdict>> | undefined;
  return () =>
    (cached ??= build<Verdict>(make).catch((error: unknown) => {
      cached = undefined;
      throw error;
    }));
}

export const verdictSchema = lazySchema<JudgeVerdict>(buildToolsSchema);
export const trajectoryVerdictSchema = lazySchema<TrajectoryVerdict>(buildTrajectorySchema);

async function build<Verdict>(make: (z: ZodLike) => Describable): Promise<VerdictSchema<Verdict>> {
  let z: ZodLike | undefined;
  try {
    const module = (await import('zod')) as unknown as { z?: ZodLike; default?: ZodLike };
    z = module.z ?? module.default;
    if (!z) throw new Error('zod has no `z` export');
  } catch (error) {
    throw new JudgeError('The LLM judge needs zod: install it with `npm i -D zod`.', { cause: error });
  }
  return make(z) as unknown as VerdictSchema<Verdict>;
}

function buildTrajectorySchema(z: ZodLike): Describable {
  return z.object({
    stepEvaluations: entries(z, 'One entry per step the agent took, in the order taken', {
      stepName: z.string().describe("The step's tool name, exactly as given"),
      wasNecessary: z.boolean().describe('Did the request need this step?'),
      wasInOrder: z.boolean().describe('Did everything this step depends on come before it?'),
      reasoning: z.string().describe('One sentence explaining the judgement'),
    }),
    missingSteps: z.array(z.string()).describe('Steps (available tools or expected steps, by exact name) the request clearly needed that the agent never took'),
    criteria: entries(z, 'One answer per criterion given; empty when none were given', {
      criterion: z.string().describe("The criterion's exact text"),
      answer: z.enum(['yes', 'no']).describe('Does the trajectory satisfy the criterion?'),
      rationale: z.string().describe('One sentence explaining the answer'),
    }),
    overallAssessment: z.string().describe('One or two sentences on the trajectory as a whole'),
  });
}

function buildToolsSchema(z: ZodLike): Describable {
  return z.object({
    evaluations: entries(z, 'One entry per tool call the agent made, in the order they were made', {
      toolCalled: z.string().describe('The tool name of the call, exactly as given'),
      wasAppropriate: z.boolean().describe('Was this tool an appropriate choice for the request?'),
      reasoning: z.string().describe('One sentence explaining the judgement'),
    }),
    missingTools: z.array(z.string()).describe('Available tools the request clearly needed that the agent never called'),
    reason: z.string().describe('One or two sentences explaining the overall verdict'),
  });
}

const entries = (z: ZodLike, text: string, fields: Record<string, unknown>) => z.array(z.object(fields)).describe(text);

// The few zod builders used, typed structurally so zod 3.25 and 4 both fit.
interface ZodLike {
  object(shape: Record<string, unknown>): Describable;
  array(item: unknown): Describable;
  string(): Describable;
  boolean(): Describable;
  enum(values: readonly string[]): Describable;
}
interface Describable {
  describe(text: string): Describable;
}

/** Up to three schema issues as `path: message`, for error messages. */
export function describeIssues(issues: readonly ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path?.length ? issue.path.map(String).join('.') : '(root)'}: ${issue.message ?? 'invalid'}`)
    .join('; ');
}

/** Why a verdict does not fit the run. `problem` names no tool, so it can go into the prompt outside the fences. */
export interface VerdictProblem {
  problem: string;
  /** The names involved, for the person reading the error. */
  names?: string;
}

/** The problem with its names, for error messages. */
export function describeProblem({ problem, names }: VerdictProblem): string {
  return names === undefined ? problem : `${problem} (${names})`;
}

/** Checks that a schema-valid verdict judged exactly the calls made, in order, and named as missing only available tools not called. */
export function verdictProblem(verdict: JudgeVerdict, calledTools: readonly string[], availableTools: readonly string[]): VerdictProblem | undefined {
  const judged = verdict.evaluations.map((evaluation) => evaluation.toolCalled);
  if (judged.length !== calledTools.length) {
    return { problem: `it evaluated ${judged.length} call${judged.length === 1 ? '' : 's'} but the agent made ${calledTools.length}` };
  }
  const mismatch = judged.findIndex((name, index) => name !== calledTools[index]);
  if (mismatch !== -1) {
    return {
      problem: `its evaluation ${mismatch + 1} names a different tool than call ${mismatch + 1}`,
      names: `${JSON.stringify(judged[mismatch])}, not ${JSON.stringify(calledTools[mismatch])}`,
    };
  }
  const called = verdict.missingTools.filter((name) => calledTools.includes(name));
  if (called.length > 0) return { problem: 'it named as missing a tool the agent called', names: quotedNames(called) };
  const unknown = verdict.missingTools.filter((name) => !availableTools.includes(name));
  if (unknown.length > 0) return { problem: 'it named as missing a tool that is not available', names: quotedNames(unknown) };
  return undefined;
}

/** The verdict with only its known fields, and duplicate missing tools removed. */
export function tidyVerdict(verdict: JudgeVerdict): JudgeVerdict {
  return {
    evaluations: verdict.evaluations.map(({ toolCalled, wasAppropriate, reasoning }) => ({ toolCalled, wasAppropriate, reasoning })),
    missingTools: [...new Set(verdict.missingTools)],
    reason: verdict.reason,
  };
}
