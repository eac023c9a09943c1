// A project that never installed the optional @cfworker/json-schema, and the loader in a project that did.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadValidator, readToolChecks } from '../../src/scoring/inputSchemas.js';

/** What loadValidator gives where require() finds the package from neither place. */
const notInstalled = () => 'is not installed';

describe('input schemas without @cfworker/json-schema installed', () => {
  it('a JSON Schema says what to install, or which schema to give instead', () => {
    expect(readToolChecks({ search: { type: 'object', properties: { q: { type: 'string' } } } }, notInstalled)).toEqual({
      problem:
        'the input schema of "search" is a JSON Schema with no validate function of its own, and checking it needs @cfworker/json-schema, which is not installed: ' +
        'npm i -D @cfworker/json-schema. Or give the tool a Standard Schema (zod, valibot, arktype), or jsonSchema(schema, { validate }).',
    });
  });

  it('Standard Schemas need no validator', () => {
    const read = readToolChecks({ search: z.object({ q: z.string() }) }, notInstalled);
    expect('checks' in read && read.checks.get('search')!({ q: 1 })).toEqual([{ path: ['q'], message: 'Invalid input: expected string, received number' }]);
  });
});

describe('loadValidator', () => {
  it("finds the validator from the package's place, synchronously", () => {
    const module = loadValidator();
    expect(typeof module === 'string' ? module : typeof module.Validator).toBe('function');
  });
});
