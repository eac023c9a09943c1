import { isRecord, type UnknownRecord } from '../calls/adapter.js';
import { describeValue } from '../describe.js';
import type { ToolListReading } from './inputSchemas.js';
import { quotedNames } from '../value.js';

/** Any input: a declaration without parameters. */
const ANY_INPUT = true;

/**
 * Tool lists as an agent framework declares them to its model, as the record of JSON Schemas by
 * tool name that `readToolChecks` reads:
 * - Google Gen AI: `config.tools` (`Tool[]`, or one `Tool`) whose `functionDeclarations` carry
 *   `parametersJsonSchema` or `parameters` (Gemini's OpenAPI `Schema`), or the
 *   `FunctionDeclaration[]` itself. `codeExecution` declares `code_execution`, with any input.
 * - Amazon Bedrock Converse: `toolConfig` or its `tools`, each `{ toolSpec: { name, inputSchema: { json } } }`.
 * Undefined for anything else; a problem for a list it recognises but cannot read whole.
 */
export function declaredTools(list: unknown): ToolListReading | undefined {
  if (isRecord(list) && typeof list.callTool === 'function' && typeof list.tool === 'function') {
    return { problem: "tools is a Google Gen AI CallableTool, whose declarations come from its async tool(): pass (await callableTool.tool()).functionDeclarations" };
  }
  // Bedrock's toolConfig, or one Gemini Tool.
  if (isRecord(list) && Array.isArray(list.tools) && list.tools.some((tool) => isRecord(tool) && isRecord(tool.toolSpec))) return readList(list.tools, 'toolConfig.tools');
  if (isRecord(list) && Array.isArray(list.functionDeclarations)) return readList([list], 'tools');
  if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) return undefined;
  const recognised = list.some(
    (tool) => isRecord(tool.toolSpec) || Array.isArray(tool.functionDeclarations) || isFunctionDeclaration(tool) || isRecord(tool.codeExecution) || isGeminiBuiltIn(tool),
  );
  return recognised ? readList(list, 'tools') : undefined;
}

function isFunctionDeclaration(value: UnknownRecord): boolean {
  return typeof value.name === 'string' && ('parametersJsonSchema' in value || isRecord(value.parameters)) && !('type' in value);
}

function readList(list: readonly unknown[], where: string): ToolListReading {
  const tools: Record<string, unknown> = {};
  for (let index = 0; index < list.length; index++) {
    const tool = list[index];
    const at = `${where}[${index}]`;
    if (!isRecord(tool)) return { problem: `${at} is not a tool declaration (received ${describeValue(tool)})` };
    if (isRecord(tool.toolSpec)) {
      const { name, inputSchema } = tool.toolSpec;
      if (typeof name !== 'string' || name === '') return { problem: `${at}.toolSpec has no name` };
      tools[name] = isRecord(inputSchema) && inputSchema.json !== undefined ? inputSchema.json : ANY_INPUT;
    } else if (Array.isArray(tool.functionDeclarations)) {
      for (let inner = 0; inner < tool.functionDeclarations.length; inner++) {
        const problem = addDeclaration(tool.functionDeclarations[inner], `${at}.functionDeclarations[${inner}]`, tools);
        if (problem) return { problem };
      }
    } else if (isFunctionDeclaration(tool)) {
      const problem = addDeclaration(tool, at, tools);
      if (problem) return { problem };
    } else if (isRecord(tool.codeExecution)) {
      tools.code_execution = ANY_INPUT;
    } else if (!('cachePoint' in tool) && !isGeminiBuiltIn(tool)) {
      return { problem: `${at} is no tool declaration this package reads (keys ${quotedNames(Object.keys(tool).slice(0, 8)) || 'none'})` };
    }
  }
  return { record: tools };
}

/** Gemini's built-in tools besides code execution: they declare no function the run could name. */
const GEMINI_BUILT_INS = new Set(['googleSearch', 'googleSearchRetrieval', 'urlContext', 'googleMaps', 'retrieval', 'fileSearch', 'computerUse', 'enterpriseWebSearch', 'mcpServers', 'exaAiSearch', 'parallelAiSearch']);

/** A Gemini `Tool` of built-ins only (an OpenAI Agents SDK `Agent` has `mcpServers` among other keys). */
function isGeminiBuiltIn(tool: UnknownRecord): boolean {
  const keys = Object.keys(tool);
  return keys.length > 0 && keys.every((key) => GEMINI_BUILT_INS.has(key));
}

function addDeclaration(declaration: unknown, at: string, tools: Record<string, unknown>): string | undefined {
  if (!isRecord(declaration) || typeof declaration.name !== 'string' || declaration.name === '') return `${at} is not a FunctionDeclaration with a name`;
  if (declaration.parametersJsonSchema !== undefined) tools[declaration.name] = declaration.parametersJsonSchema;
  else if (isRecord(declaration.parameters)) tools[declaration.name] = fromGeminiSchema(declaration.parameters);
  else tools[declaration.name] = ANY_INPUT;
  return undefined;
}

/** Gemini `Schema` fields whose int64 values the API writes as strings. */
const COUNTS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties']);
/** Gemini `Schema` fields JSON Schema does not have (and would ignore), left out. */
const NOT_JSON_SCHEMA = new Set(['nullable', 'propertyOrdering', 'example']);

/** Gemini's OpenAPI 3.0 `Schema` as JSON Schema. */
function fromGeminiSchema(schema: UnknownRecord): UnknownRecord {
  const json: UnknownRecord = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_JSON_SCHEMA.has(key)) continue;
    if (key === 'type') {
      if (typeof value === 'string' && value !== 'TYPE_UNSPECIFIED') json.type = schema.nullable === true ? [value.toLowerCase(), 'null'] : value.toLowerCase();
    } else if (key === 'properties' && isRecord(value)) {
      json.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, isRecord(child) ? fromGeminiSchema(child) : child]));
    } else if (key === 'items' && isRecord(value)) {
      json.items = fromGeminiSchema(value);
    } else if (key === 'anyOf' && Array.isArray(value)) {
      json.anyOf = value.map((child: unknown) => (isRecord(child) ? fromGeminiSchema(child) : child));
    } else if (COUNTS.has(key) && typeof value === 'string' && /^\d+$/.test(value)) {
      json[key] = Number(value);
    } else {
      json[key] = value;
    }
  }
  if (schema.nullable === true && Array.isArray(json.enum)) json.enum = [...(json.enum as unknown[]), null];
  return json;
}
