import { isRecord, type UnknownRecord } from '../calls/adapter.js';
import { describeValue } from '../describe.js';
import type { ToolListReading } from './inputSchemas.js';
import { quotedNames } from '../value.js';

/** What a handoff to an agent takes when no input type was given (`handoff.mjs`). */
const NO_INPUT = { type: 'object', properties: {}, required: [], additionalProperties: false };
/** Tools whose calls a run names by the tool's kind (`computer_call` is a call to `computer`). */
const BUILT_IN = new Set(['computer', 'shell', 'apply_patch']);

const isFunctionTool = (tool: UnknownRecord) => tool.type === 'function' && typeof tool.name === 'string' && typeof tool.invoke === 'function';
const isHostedTool = (tool: UnknownRecord) => tool.type === 'hosted_tool' && typeof tool.name === 'string';
const isHandoff = (tool: UnknownRecord) => typeof tool.toolName === 'string' && typeof tool.agentName === 'string' && typeof tool.onInvokeHandoff === 'function';
const isAgent = (tool: UnknownRecord) => typeof tool.name === 'string' && Array.isArray(tool.tools) && Array.isArray(tool.handoffs) && typeof tool.asTool === 'function';

/**
 * The tools of an OpenAI Agents SDK agent (`agent.tools`, `agent.handoffs`) as the record of schemas
 * by tool name that `readToolChecks` reads: a function tool's `parameters` (the JSON Schema the SDK
 * sent the model); hosted, computer, shell and apply-patch tools by the name the run gives their
 * calls, any input; a handoff, or an agent listed as one, as `transfer_to_<its name>`.
 * Undefined for anything else; a problem for a list it recognises but cannot read whole.
 */
export function agentsTools(list: unknown): ToolListReading | undefined {
  if (!Array.isArray(list) || list.length === 0 || !list.some((tool) => isRecord(tool) && (isFunctionTool(tool) || isHostedTool(tool) || isHandoff(tool) || isAgent(tool)))) return undefined;
  const tools: Record<string, unknown> = {};
  for (let index = 0; index < list.length; index++) {
    const tool: unknown = list[index];
    const at = `tools[${index}]`;
    if (!isRecord(tool)) return { problem: `${at} is not an OpenAI Agents SDK tool (received ${describeValue(tool)})` };
    if (isFunctionTool(tool)) tools[tool.name as string] = isRecord(tool.parameters) ? tool.parameters : true;
    else if (isHostedTool(tool)) tools[tool.name as string] = true;
    else if (typeof tool.type === 'string' && BUILT_IN.has(tool.type)) tools[tool.type] = true;
    else if (isHandoff(tool)) tools[tool.toolName as string] = isRecord(tool.inputJsonSchema) ? tool.inputJsonSchema : NO_INPUT;
    else if (isAgent(tool)) tools[`transfer_to_${(tool.name as string).replace(/[^a-zA-Z0-9]/g, '_')}`] = NO_INPUT;
    else return { problem: `${at} is not an OpenAI Agents SDK tool, handoff or agent (keys ${quotedNames(Object.keys(tool).slice(0, 8)) || 'none'})` };
  }
  return { record: tools };
}
