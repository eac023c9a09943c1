import { ToolCallAccuracyError } from '../errors.js';
import { JudgeError } from './errors.js';
import { loadAi } from './loadAi.js';
import type { AvailableTools } from './types.js';

/** One available tool as the judge sees it. */
export interface JudgeTool {
  name: string;
  description: string;
  /** JSON Schema of the tool's input, when known. */
  inputSchema?: unknown;
}

const SCHEMA_SYMBOL = Symbol.for('vercel.ai.schema');

/** Normalizes `[{ name, description }]`, `[{ id, description }]` (Mastra's real field) and an AI SDK tool set; zod schemas via `asSchema`. */
export async function normalizeAvailableTools(tools: AvailableTools | undefined): Promise<JudgeTool[]> {
  if (tools === undefined || tools === null) {
    throw new ToolCallAccuracyError(
      'the judge needs availableTools: pass them to the scorer or matcher, or once with configureJudge({ availableTools }).',
    );
  }
  if (Array.isArray(tools)) {
    return Promise.all(tools.map((tool, index) => fromListItem(tool, `availableTools[${index}]`)));
  }
  if (typeof tools !== 'object') {
    throw new ToolCallAccuracyError(`availableTools must be an array of { name, description } or an AI SDK tool set; received ${typeof tools}.`);
  }
  return Promise.all(
    Object.entries(tools).map(async ([name, tool]) => {
      if (typeof tool !== 'object' || tool === null) {
        throw new ToolCallAccuracyError(`availableTools.${name} is not a tool; an AI SDK tool set maps names to tool({ description, inputSchema }).`);
      }
      const { description, inputSchema, parameters } = tool as { description?: unknown; inputSchema?: unknown; parameters?: unknown };
      return withSchema(name, typeof description === 'string' ? description : '', inputSchema ?? parameters, `availableTools.${name}`);
    }),
  );
}

async function fromListItem(tool: unknown, where: string): Promise<JudgeTool> {
  if (typeof tool !== 'object' || tool === null) {
    throw new ToolCallAccuracyError(`${where} must be { name, description }; received ${tool === null ? 'null' : typeof tool}.`);
  }
  const { name, id, description, inputSchema } = tool as { name?: unknown; id?: unknown; description?: unknown; inputSchema?: unknown };
  const toolName = typeof name === 'string' && name !== '' ? name : typeof id === 'string' && id !== '' ? id : undefined;
  if (toolName === undefined) throw new ToolCallAccuracyError(`${where} has no name: give it { name, description } or { id, description }.`);
  if (description !== undefined && typeof description !== 'string') throw new ToolCallAccuracyError(`${where}.description must be a string.`);
  return withSchema(toolName, description ?? '', inputSchema, where);
}

async function withSchema(name: string, description: string, schema: unknown, where: string): Promise<JudgeTool> {
  const inputSchema = await toJsonSchema(schema, where);
  return inputSchema === undefined ? { name, description } : { name, description, inputSchema };
}

async function toJsonSchema(schema: unknown, where: string): Promise<unknown> {
  if (schema === undefined || schema === null) return undefined;
  try {
    if (typeof schema === 'object' && SCHEMA_SYMBOL in schema) return withoutSchemaUrl(await (schema as unknown as { jsonSchema: unknown }).jsonSchema);
    const isConvertible = typeof schema === 'function' || (typeof schema === 'object' && '~standard' in schema);
    if (!isConvertible) return withoutSchemaUrl(schema); // already JSON Schema
    const ai = await loadAi();
    return withoutSchemaUrl(await ai.asSchema(schema).jsonSchema);
  } catch (error) {
    if (error instanceof JudgeError) throw error;
    throw new ToolCallAccuracyError(`${where}: could not turn its input schema into JSON Schema (${error instanceof Error ? error.message : String(error)}).`);
  }
}

// `$schema` says which draft the converter wrote, not what the tool takes: kept, a zod or ai upgrade would change cache keys.
function withoutSchemaUrl(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || !('$schema' in schema)) return schema;
  const { $schema: _url, ...rest } = schema as Record<string, unknown>;
  return rest;
}
