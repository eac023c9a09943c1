import fc from 'fast-check';

/** Random tool names from a small alphabet, so that runs repeat names and match options often. */
export const toolName = fc.constantFrom('a', 'b', 'c', 'd');

/**
 * The calls of a random run: up to 7, mostly finished, some pending, failed, at an approval gate
 * (awaiting it, or denied) or still streaming.
 */
export const calledTools = fc.array(
  fc.record({ toolName, state: fc.constantFrom('result', 'result', 'result', 'call', 'output-error', 'approval-requested', 'output-denied', 'partial-call') }),
  { maxLength: 7 },
);

/** Valid code scorer options: single tool or order, lenient or strict. */
export const scorerOptions = fc.oneof(
  fc.record({ expectedTool: toolName, strictMode: fc.boolean() }),
  fc.record({ expectedToolOrder: fc.array(toolName, { minLength: 1, maxLength: 4 }), strictMode: fc.boolean() }),
);
