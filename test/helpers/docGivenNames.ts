/**
 * What a docs block marked `<!-- given: <scene> -->` is given: the names each scene of
 * test/helpers/docGivens.ts provides (a block gets those it uses and does not declare itself), and
 * the imports its blocks resolve elsewhere. Plain data, read by the snippet harness when it compiles a
 * block (test/helpers/docSnippets.ts) and checked against what each scene builds
 * (test/helpers/docGivens.test.ts).
 */
export interface GivenScene {
  /** The names a block of this scene may use without declaring them. */
  names: readonly string[];
  /** Module specifiers a block imports that resolve to another file here (a path from the repository root). */
  imports?: Readonly<Record<string, string>>;
}

export const GIVEN_SCENES = {
  /** A flight-booking AI SDK agent: its model and tools, a run of it, other runs, an agent, a judge. */
  booking: {
    names: ['generateText', 'stepCountIs', 'trajectory', 'model', 'tools', 'result', 'agent', 'rebooked', 'payment', 'spans'],
  },
  /** A run that searched and then booked, with tools named `search` and `book`, and its request. */
  searchAndBook: { names: ['result', 'request'] },
  /** An OpenAI Agents SDK run: a triage agent that handed off to Billing, which handed off to Refunds. */
  handoff: { names: ['result', 'own', 'within'] },
  /** The weather agent of docs/judge.md: its model, tools, prompt and messages, and `runAgent`. */
  weather: { names: ['generateText', 'stepCountIs', 'model', 'tools', 'prompt', 'messages', 'runAgent'] },
  /** A restaurant-booking agent that books without searching once in ten runs, its recorded runs, a judge. */
  sampling: { names: ['agent', 'tools', 'sample', 'loadRuns', 'scoreRuns', 'createToolCallAccuracyScorerLLM', 'model', 'availableTools'] },
  /** A model to record, the package's `recordedModel`, and placeholder provider keys in the environment. */
  recordings: { names: ['model', 'recordedModel'] },
  /** Mastra 1.x's runtime (reference/mastra1) with the travel agent of test/helpers/mastra1.ts. */
  mastra1: {
    names: [
      'travelAgent', 'data', 'items', 'seen', 'judgeModel', 'appropriate', 'searchedOnly', 'availableTools', 'booksInOrder',
      'accuracyOptions', 'trajectoryOptions', 'check', 'mastraGate', 'createToolCallAccuracyScorerCode',
      'createTrajectoryAccuracyScorerCode', 'createTrajectoryScorerCode', 'runEvals', 'Mastra', 'InMemoryStore',
    ],
    imports: { '@mastra/core/evals': 'reference/mastra1/runtime.ts', '@mastra/evals/vitest': 'reference/mastra1/runtime.ts' },
  },
} satisfies Record<string, GivenScene>;

export type SceneName = keyof typeof GIVEN_SCENES;
