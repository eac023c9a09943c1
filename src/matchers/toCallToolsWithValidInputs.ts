import { MUST_BE, mustBe, toolsProblem } from '../format/arguments.js';
import { formatCallList } from '../format/callList.js';
import { compose, hint } from '../format/message.js';
import type { HintArguments } from './hints.js';
import type { MatcherContext, MatcherResult } from '../matcherContext.js';
import { formatAllValid, formatInvalidCalls, schemaThrew, type InvalidCall } from '../format/validInputs.js';
import { agentsTools } from '../scoring/agentsTools.js';
import { isAsyncSchemaError, isToolRecord, readToolChecks, toolRecordOfList } from '../scoring/inputSchemas.js';
import { declaredTools } from '../scoring/toolDeclarations.js';
import { matcherError } from './matcherError.js';
import { readCalls } from './received.js';

export const toCallToolsWithValidInputsHint = (): HintArguments => ({ expected: 'tools' });

/** Passes when every call names one of `tools` and its input passes that tool's input schema. */
export function toCallToolsWithValidInputs(this: MatcherContext, received: unknown, given: unknown): MatcherResult {
  const hintLine = hint(this, 'toCallToolsWithValidInputs', toCallToolsWithValidInputsHint().expected);
  // An OpenAI Agents SDK tool list (first: its function tools carry `invoke`), a framework's declarations as it gives
  // them to its model (Gemini's config.tools, Bedrock's toolConfig), else any list of tools that name themselves.
  const list = agentsTools(given) ?? declaredTools(given) ?? toolRecordOfList(given);
  if (list && 'problem' in list) throw matcherError(hintLine, toolsProblem(list.problem));
  const tools = list ? list.record : given;
  if (!isToolRecord(tools)) {
    throw matcherError(hintLine, mustBe('tools', MUST_BE.tools, tools));
  }
  const read = readToolChecks(tools);
  if ('problem' in read) throw matcherError(hintLine, toolsProblem(read.problem));
  const { checks } = read;
  const calls = readCalls(received, hintLine);
  const invalid: InvalidCall[] = [];
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    const check = checks.get(call.toolName);
    if (!check) {
      invalid.push({ index, call, issues: undefined });
      continue;
    }
    let issues;
    try {
      issues = check(call.input);
    } catch (error) {
      if (isAsyncSchemaError(error)) throw matcherError(hintLine, error.message);
      throw matcherError(hintLine, schemaThrew(call, index, error));
    }
    if (issues.length > 0) invalid.push({ index, call, issues });
  }
  const pass = invalid.length === 0;
  return {
    pass,
    message: () =>
      compose(hintLine, pass ? formatAllValid(calls.length) : formatInvalidCalls(invalid, calls, [...checks.keys()]), formatCallList(calls, invalid[0]?.index)),
  };
}
