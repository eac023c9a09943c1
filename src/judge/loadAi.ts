import { stripVTControlCharacters } from 'node:util';
import { JudgeError } from './errors.js';

/** The parts of the `ai` module the judge uses; typed loosely because ai@5, 6 and 7 differ. */
export interface AiModule {
  generateText(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  Output: { object(options: { schema: unknown; name?: string; description?: string }): unknown };
  asSchema(schema: unknown): { jsonSchema: unknown };
  wrapLanguageModel?: (options: { model: unknown; middleware: unknown }) => unknown;
  extractJsonMiddleware?: () => unknown;
  gateway?: { languageModel(modelId: string): unknown };
}

type AiLoader = () => Promise<AiModule>;

// The CommonJS build turns `import('ai')` into `require('ai')`, which cannot load an ES module such as ai@7 in Jest.
// Then `ai` is imported for real, through a function the build leaves alone, made only then (a Node that forbids
// code from strings still loads the package).
const importEsm = (specifier: string) => (new Function('specifier', 'return import(specifier)') as (s: string) => Promise<unknown>)(specifier);
const ESM_ONLY = /Must use import to load ES Module|require\(\) of ES Module|Cannot use import statement outside a module/i;

const importAi: AiLoader = async () => {
  try {
    return (await import('ai')) as unknown as AiModule;
  } catch (error) {
    if (!ESM_ONLY.test(error instanceof Error ? error.message : String(error))) throw error;
    return (await importEsm('ai')) as AiModule;
  }
};
let loader: AiLoader = importAi;

/** Lets tests run the judge on another installed major (`ai6`, `ai5`). Pass nothing to restore `ai`. */
export function setAiLoaderForTesting(next?: AiLoader): void {
  loader = next ?? importAi;
}

/** Loads `ai` on first use only, so nothing else in the package needs it installed. */
export async function loadAi(): Promise<AiModule> {
  try {
    return await loader();
  } catch (error) {
    const message = stripVTControlCharacters(error instanceof Error ? error.message : String(error));
    const code = (error as { code?: unknown })?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new JudgeError('The LLM judge needs the AI SDK: install it with `npm i -D ai zod`.', { cause: error });
    }
    // Only Jest without --experimental-vm-modules refuses the real import() (Node's message names the flag).
    if (/without --experimental-vm-modules|supports ES Modules in the VM API/i.test(message)) {
      throw new JudgeError(
        'The LLM judge could not load the AI SDK (`ai`): ai@7 is ESM-only, and this Jest runs without ' +
          '--experimental-vm-modules, so it cannot import ES modules. Run Jest with NODE_OPTIONS=--experimental-vm-modules, ' +
          `use ai@6, or replay recorded verdicts (TOOL_CALL_ACCURACY_CACHE=replay). Loader said: ${message.split('\n')[0]}`,
        { cause: error },
      );
    }
    throw new JudgeError(`The LLM judge could not load the AI SDK (\`ai\`): ${message}`, { cause: error });
  }
}
