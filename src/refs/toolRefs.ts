import type { InputPattern, ToolRef, ToolRefs } from '../../matchers.js';
import { withArticle } from '../describe.js';
import { ToolCallAccuracyError } from '../errors.js';
import { brand, hasBrand } from './brand.js';

/**
 * A reference to one tool of a set. Its only own enumerable key is `toolName`, so wherever a
 * `{ toolName }` pattern is accepted a reference is one too; `with` lives on the prototype.
 */
class Ref<Name extends string, Input> implements ToolRef<Name, Input> {
  constructor(readonly toolName: Name) {
    Object.freeze(brand(this, 'tool-ref'));
  }

  with(input: InputPattern<Input>): { readonly toolName: Name; readonly input: unknown } {
    return { toolName: this.toolName, input };
  }

  toString(): string {
    return this.toolName;
  }
}

/** Is this a reference made by `toolRefs`? */
export function isToolRef(value: unknown): value is ToolRef {
  return hasBrand(value, 'tool-ref') && typeof (value as ToolRef).toolName === 'string';
}

/**
 * One typed reference per tool of an AI SDK `ToolSet` or a Mastra tools record, named by its key
 * (the name the model calls it by; AI SDK tool objects do not carry one). With TypeScript, a
 * renamed tool or input field breaks the test at compile time.
 *
 * @example
 * const t = toolRefs(tools)
 * expect(result).toCallTool(t.getWeather, { city: 'Paris' })
 * expect(result).toCallToolsInOrder([t.search, t.book])
 */
export function toolRefs<const Tools extends object>(tools: Tools): ToolRefs<Tools> {
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw new ToolCallAccuracyError(
      `toolRefs(tools) takes the tool set an agent is given, an object keyed by tool name ({ getWeather: tool({…}) }); received ${describe(tools)}.`,
    );
  }
  const refs: Record<string, Ref<string, unknown>> = {};
  for (const name of Object.keys(tools)) {
    if (name === '') throw new ToolCallAccuracyError('toolRefs(tools): a tool set key is an empty string; tools are named by their keys.');
    const tool = (tools as Record<string, unknown>)[name];
    if (typeof tool !== 'object' || tool === null) {
      throw new ToolCallAccuracyError(`toolRefs(tools): ${JSON.stringify(name)} is ${describe(tool)}, not a tool; pass the tool set itself ({ ${JSON.stringify(name)}: tool({…}) }).`);
    }
    refs[name] = new Ref(name);
  }
  return Object.freeze(refs) as unknown as ToolRefs<Tools>;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `an array of ${value.length} (pass the object the agent's tools option takes, not a list)`;
  return withArticle(typeof value);
}
