import { createRequire } from 'node:module';
import path from 'node:path';
import { isRecord, type UnknownRecord } from '../calls/adapter.js';
import { isAsymmetricMatcher, isThenable } from '../value.js';

/**
 * The input schemas of a set of tools (an AI SDK `ToolSet`, a Mastra tools record, or a record of
 * schemas), and whether an input passes one: by Standard Schema's `~standard.validate`, the AI SDK
 * schema's own `validate`, else its JSON Schema, with `@cfworker/json-schema` (an optional peer).
 */

/** One thing wrong with an input: where (keys and indexes from the input's root) and what. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Checks an input: its issues, empty when it passes. */
export type InputCheck = (input: unknown) => SchemaIssue[];

/** A tool set read for checking: a check per tool name, or what is wrong with an entry. */
export type ToolChecks = { checks: ReadonlyMap<string, InputCheck> } | { problem: string };

const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema');
const JSON_SCHEMA_KEYWORDS = ['type', 'properties', '$schema', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not', 'items', 'required'];

/** Reads each entry of `tools` as a tool or a schema; the first that is neither is the problem. */
export function readToolChecks(tools: Readonly<Record<string, unknown>>, load: ValidatorLoader = loadValidator): ToolChecks {
  const checks = new Map<string, InputCheck>();
  for (const name of Object.keys(tools)) {
    const found = checkOf(tools[name], name, load);
    if (typeof found === 'string') return { problem: found };
    checks.set(name, found);
  }
  return { checks };
}

function checkOf(entry: unknown, name: string, load: ValidatorLoader, depth = 0): InputCheck | string {
  const where = `tools[${JSON.stringify(name)}]`;
  // AI SDK 6/7 `lazySchema(() => schema)`: the schema is made on first use, as the SDK's own asSchema() does.
  if (typeof entry === 'function' && entry.length === 0 && !isStandardSchema(entry)) {
    const made: unknown = (entry as () => unknown)();
    return isRecord(made) && AI_SDK_SCHEMA in made ? aiSdkCheck(made, name, load) : `${where} is a function that returns no AI SDK schema (a lazySchema() returns one)`;
  }
  if (isStandardSchema(entry)) return standardCheck(entry, name);
  if (isRecord(entry) && AI_SDK_SCHEMA in entry) return aiSdkCheck(entry, name, load);
  if (isRecord(entry) && ('inputSchema' in entry || 'parameters' in entry || isLangChainTool(entry))) {
    // LangChain's tools keep it as `schema` (zod, or a JSON Schema).
    const schema = entry.inputSchema ?? entry.parameters ?? entry.schema;
    if (schema === undefined) return () => [];
    return depth < 2 ? checkOf(schema, name, load, depth + 1) : `${where} is a tool whose input schema is another tool`;
  }
  if (entry === true || entry === false || (isRecord(entry) && JSON_SCHEMA_KEYWORDS.some((key) => key in entry))) return jsonSchemaCheck(entry, name, load);
  // A tool with no input schema at all (an `execute` alone, a provider-defined tool): any input is its input.
  if (isRecord(entry) && (typeof entry.execute === 'function' || entry.type === 'provider' || entry.type === 'provider-defined')) return () => [];
  return (
    `${where} is neither a tool nor a schema. Pass an AI SDK ToolSet, a Mastra tools record, LangChain tools (a list or a record), or a record of schemas ` +
    `(zod, valibot, arktype or any Standard Schema, the AI SDK's jsonSchema(), or a JSON Schema object).`
  );
}

/** A LangChain tool: `tool()`, a `StructuredTool` or `DynamicStructuredTool`, which runs with `invoke` and keeps its input schema as `schema`. */
function isLangChainTool(entry: UnknownRecord): boolean {
  return 'schema' in entry && typeof entry.invoke === 'function' && typeof entry.name === 'string';
}

function isStandardSchema(value: unknown): value is { '~standard': { validate(input: unknown): unknown } } {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const standard = (value as UnknownRecord)['~standard'];
  return isRecord(standard) && typeof standard.validate === 'function';
}

/** A validator that answered with a Promise: the matchers are synchronous, and a guess is no answer. */
class AsyncSchemaError extends Error {}
export function isAsyncSchemaError(error: unknown): error is Error {
  return error instanceof AsyncSchemaError;
}

function asyncSchema(name: string): AsyncSchemaError {
  return new AsyncSchemaError(
    `the input schema of ${JSON.stringify(name)} validates asynchronously (its validate returned a Promise, e.g. a zod async refine); toCallToolsWithValidInputs checks inputs synchronously, so give it a schema without async checks.`,
  );
}

function standardCheck(schema: { '~standard': { validate(input: unknown): unknown } }, name: string): InputCheck {
  return (input) => {
    const result = schema['~standard'].validate(input);
    if (isThenable(result)) throw asyncSchema(name);
    // Any object: arktype's result is its error list itself, an array whose `issues` is that list.
    const issues: unknown = typeof result === 'object' && result !== null ? (result as UnknownRecord).issues : undefined;
    return Array.isArray(issues) ? issues.map(issueOf) : [];
  };
}

/** A Standard Schema or zod issue: its path (a segment may be a `{ key }`) and its message. */
function issueOf(issue: unknown): SchemaIssue {
  const { message, path: issuePath } = isRecord(issue) ? issue : {};
  return {
    path: Array.isArray(issuePath) ? issuePath.map((segment: unknown) => (isRecord(segment) && 'key' in segment ? (segment.key as PropertyKey) : (segment as PropertyKey))) : [],
    message: typeof message === 'string' ? message : 'invalid',
  };
}

/**
 * An AI SDK schema: its own `validate` when it answers synchronously; else (`zodSchema()` validates
 * with `safeParseAsync`), or without `validate`, the JSON Schema the model was given.
 */
function aiSdkCheck(schema: UnknownRecord, name: string, load: ValidatorLoader): InputCheck | string {
  const validate = schema.validate;
  let againstJson: InputCheck | string | undefined;
  const jsonCheck = (): InputCheck | string => {
    if (againstJson !== undefined) return againstJson;
    const json = schema.jsonSchema;
    againstJson = isThenable(json)
      ? `the AI SDK schema of ${JSON.stringify(name)} makes its JSON Schema asynchronously; pass the JSON Schema itself, or a schema with a synchronous validate`
      : jsonSchemaCheck(json, name, load);
    return againstJson;
  };
  if (typeof validate !== 'function') return jsonCheck();
  return (input) => {
    const result: unknown = validate.call(schema, input);
    if (isThenable(result)) {
      // Its answer comes too late for a synchronous matcher: it is dropped (and kept from surfacing as an unhandled rejection).
      (result as Promise<unknown>).then(undefined, () => undefined);
      const check = jsonCheck();
      if (typeof check === 'string') throw new AsyncSchemaError(`${asyncSchema(name).message} (${check})`);
      return check(input);
    }
    if (isRecord(result) && result.success === true) return [];
    return issuesOfError(isRecord(result) ? result.error : undefined);
  };
}

/** An error's issues, when it carries them (a zod error, or the AI SDK's TypeValidationError around one), else its message. */
function issuesOfError(error: unknown): SchemaIssue[] {
  for (let current = error, depth = 0; isRecord(current) && depth < 3; current = current.cause, depth++) {
    if (Array.isArray(current.issues) && current.issues.length > 0) return current.issues.map(issueOf);
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'the schema rejected the input';
  return [{ path: [], message }];
}

export interface CfworkerValidator {
  validate(input: unknown): { valid: boolean; errors: Array<{ instanceLocation: string; keyword: string; error: string }> };
}
export type CfworkerModule = { Validator: new (schema: unknown, draft?: string, shortCircuit?: boolean) => CfworkerValidator };
/** Loads the JSON Schema validator, or says why it cannot ("is not installed"); a parameter, so that tests can stand in for a project without it. */
export type ValidatorLoader = () => CfworkerModule | string;

const VALIDATOR_PACKAGE = '@cfworker/json-schema';

/** The JSON Schema validator (an optional peer), loaded synchronously from the package's place, else the project's. */
export function loadValidator(): CfworkerModule | string {
  for (const from of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      if (from === undefined) continue;
      return createRequire(from)(VALIDATOR_PACKAGE) as CfworkerModule;
    } catch {
      // Not found from there; try the next place.
    }
  }
  return 'is not installed';
}

/** Leaves out the errors that only say a child failed ("Property "url" does not match schema."): the child's own error says how. */
const CONTAINER_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'additionalItems', 'patternProperties', '$ref', '$dynamicRef', 'allOf', 'dependentSchemas', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties']);

function draftOf(schema: unknown): string {
  const declared = isRecord(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('2020-12')) return '2020-12';
  return '2019-09';
}

function jsonSchemaCheck(schema: unknown, name: string, load: ValidatorLoader): InputCheck | string {
  if (schema !== true && schema !== false && !isRecord(schema)) return `the JSON Schema of ${JSON.stringify(name)} is not a schema object`;
  const module = load();
  if (typeof module === 'string') {
    return (
      `the input schema of ${JSON.stringify(name)} is a JSON Schema with no validate function of its own, and checking it needs ${VALIDATOR_PACKAGE}, which ${module}: ` +
      `npm i -D ${VALIDATOR_PACKAGE}. Or give the tool a Standard Schema (zod, valibot, arktype), or jsonSchema(schema, { validate }).`
    );
  }
  let validator: CfworkerValidator;
  try {
    validator = new module.Validator(schema, draftOf(schema), false);
  } catch (error) {
    return `the JSON Schema of ${JSON.stringify(name)} could not be compiled: ${error instanceof Error ? error.message : String(error)}`;
  }
  return (input) => {
    const { valid, errors } = validator.validate(input);
    if (valid) return [];
    const deeper = (location: string) => errors.some((other) => other.instanceLocation.startsWith(`${location}/`));
    const shown = errors.filter((error) => !(CONTAINER_KEYWORDS.has(error.keyword) && deeper(error.instanceLocation)) && !(error.keyword === 'false' && errors.length > 1));
    return (shown.length > 0 ? shown : errors).map((error) => ({ path: pointerPath(error.instanceLocation), message: error.error }));
  };
}

/** `#/items/0/name` as `['items', 0, 'name']`. */
function pointerPath(location: string): PropertyKey[] {
  const pointer = location.replace(/^#/, '');
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/** Is `tools` a record of tools or schemas at all (not an array, a string, an asymmetric matcher)? */
export function isToolRecord(tools: unknown): tools is Readonly<Record<string, unknown>> {
  return isRecord(tools) && !isAsymmetricMatcher(tools) && !isStandardSchema(tools);
}

/** A tool list read as the record of tools by name that `readToolChecks` reads, or what stops it being read whole. */
export type ToolListReading = { record: Record<string, unknown> } | { problem: string };

/**
 * A list of tools that carry their own names (LangChain's `tool()`, an agent framework's function
 * tools) as a record by name, or what is wrong with it; undefined for a value that is no list.
 */
export function toolRecordOfList(tools: unknown): ToolListReading | undefined {
  // A list with no named tool in it (tool names, schemas) is no list of tools: the record's error says what to pass.
  if (!Array.isArray(tools) || !tools.some((entry) => isRecord(entry) && typeof entry.name === 'string')) return undefined;
  const record: Record<string, unknown> = {};
  for (let index = 0; index < tools.length; index++) {
    const entry: unknown = tools[index];
    const name = isRecord(entry) ? entry.name : undefined;
    if (typeof name !== 'string' || name === '') return { problem: `tools[${index}] is not a tool with a name (a list holds tools that name themselves, like LangChain's tool()); pass a record by name for anything else` };
    if (Object.prototype.hasOwnProperty.call(record, name)) return { problem: `the list has two tools named ${JSON.stringify(name)}` };
    record[name] = entry;
  }
  return { record };
}
