import { stripVTControlCharacters } from 'node:util';
import { expect } from 'vitest';
import { getToolCalls } from '../../src/calls/getToolCalls.js';
import { ToolCallAccuracyError } from '../../src/errors.js';

export interface Failure {
  /** The message, without colours. */
  message: string;
  actual: unknown;
  expected: unknown;
}

/** Runs an assertion that must fail and returns what the runner reports. */
export function failureOf(assertion: () => unknown): Failure {
  try {
    assertion();
  } catch (error) {
    const { message, actual, expected } = error as Error & { actual?: unknown; expected?: unknown };
    return { message: stripVTControlCharacters(message), actual, expected };
  }
  throw new Error('expected the assertion to fail, but it passed');
}

/** Whether an assertion passes (it returns) or fails (it throws). */
export function passes(assertion: () => void): boolean {
  try {
    assertion();
    return true;
  } catch {
    return false;
  }
}

/** Runs a call that must throw a matcher error and returns its colourless message. */
export function matcherErrorOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    const message = stripVTControlCharacters((error as Error).message);
    if (!message.includes('Matcher error:')) throw new Error(`expected a matcher error, got: ${message}`);
    return message;
  }
  throw new Error('expected a matcher error, but nothing was thrown');
}

/** The colourless message of an async assertion that must fail (or throw), such as a judged one. */
export async function rejectionOf(assertion: Promise<unknown>): Promise<string> {
  try {
    await assertion;
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('expected the assertion to fail, but it passed');
}

/** The message of the ToolCallAccuracyError getToolCalls must refuse `run` with (read or refuse). */
export function refusalOf(run: unknown): string {
  try {
    getToolCalls(run);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolCallAccuracyError);
    return (error as Error).message;
  }
  throw new Error('expected the run to be refused');
}
