/**
 * Scripted models for tool-double tests: each answers its n-th call with the n-th step of a script
 * (tool calls, or a text), the way a provider would answer a tool loop, through each framework's
 * own loop: the AI SDK's `MockLanguageModelV4` (ai@7's `ai/test`) for `generateText`, and the
 * model requests it received, so a test can read what a tool's result told the model.
 */
import { MockLanguageModelV4 } from 'ai/test';

export type ScriptStep = Array<{ call: string; input: object } | { text: string }>;

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } };

/** A V4 mock model answering its n-th request with `script[n]` (then a last text); `prompts` holds each request's prompt. */
export function scriptedModel(script: ScriptStep[]) {
  const prompts: unknown[][] = [];
  let at = 0;
  const model = new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'scripted-1',
    doGenerate: async ({ prompt }) => {
      prompts.push(prompt as unknown[]);
      const step = script[at] ?? [{ text: 'Done.' }];
      const n = ++at;
      const content = step.map((part, index) =>
        'call' in part ? { type: 'tool-call' as const, toolCallId: `call-${n}-${index}`, toolName: part.call, input: JSON.stringify(part.input) } : { type: 'text' as const, text: part.text },
      );
      const unified = content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified, raw: unified }, usage, warnings: [] } as never;
    },
  });
  return Object.assign(model, { prompts });
}
