import type { ExpectedToolCall, ParallelGroup } from '../../matchers.js';
import { ToolCallAccuracyError } from '../errors.js';
import { brand, hasBrand } from './brand.js';

class Group implements ParallelGroup {
  constructor(readonly parallel: readonly ExpectedToolCall[]) {
    Object.freeze(brand(this, 'parallel-group'));
  }
}

/** Is this a group made by `parallel(…)`? */
export function isParallelGroup(value: unknown): value is ParallelGroup {
  return hasBrand(value, 'parallel-group') && Array.isArray((value as ParallelGroup).parallel);
}

/**
 * A group of calls the agent issued together in one step, in any order, for an item of
 * `toCallToolsInOrder`. Each member is a name, a `toolRefs` reference or a `{ toolName, input }` pattern.
 *
 * @example
 * expect(run).toCallToolsInOrder(['search', parallel('weather', 'news'), 'summarize'])
 */
export function parallel(...calls: ExpectedToolCall[]): ParallelGroup {
  if (calls.length === 0) throw new ToolCallAccuracyError('parallel() needs at least one tool, e.g. parallel(\'weather\', \'news\').');
  return new Group(Object.freeze([...calls]));
}
