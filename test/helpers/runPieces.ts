/**
 * Where the readers of each format read pieces of a run (messages, items, steps, chunks, each
 * message's parts), and copies of a run with a piece put into one of them: shared by the
 * properties that put unknown pieces and unknown keys anywhere a reader reads.
 */
import type { Fixture } from '../fixtures/index.js';

export type Lists = unknown[][];

/** The lists of a message list whose items a reader reads: the list itself, and each message's parts. */
function messageLists(list: unknown[], into: Lists, withParts = true): void {
  into.push(list);
  if (!withParts) return;
  for (const message of list) {
    if (typeof message !== 'object' || message === null) continue;
    const record = message as Record<string, unknown>;
    // A LangChain message keeps its fields under `kwargs` (JSON) or `data` (toDict()).
    const fields = (record.kwargs ?? record.data ?? record) as Record<string, unknown>;
    const isLangChain = record.lc === 1 || typeof record._getType === 'function' || 'data' in record;
    // LangChain: only an AI message's content blocks are read (beside its tool_calls).
    if (isLangChain && !(fields.tool_calls || record.type === 'ai' || (Array.isArray(record.id) && String(record.id.at(-1)).startsWith('AIMessage')))) continue;
    if (Array.isArray(fields.content)) into.push(fields.content);
    if (Array.isArray(fields.parts)) into.push(fields.parts);
    const content = fields.content as Record<string, unknown> | undefined;
    if (content && typeof content === 'object' && Array.isArray(content.parts)) into.push(content.parts);
  }
}

/** Where a fixture's reader reads pieces; none for the formats whose pieces are not a list of records (traces, plain lists). */
export function listsOf(fixture: Fixture, run: unknown): Lists {
  const lists: Lists = [];
  const record = run as Record<string, unknown>;
  switch (fixture.format) {
    case 'otel-trace':
    case 'plain':
      return lists;
    case 'mastra-generate':
      for (const key of ['toolCalls', 'toolResults']) if (Array.isArray(record[key])) lists.push(record[key] as unknown[]);
      return lists;
    case 'mastra-trajectory':
      lists.push(record.steps as unknown[]);
      return lists;
    case 'mastra-run':
      messageLists(record.output as unknown[], lists);
      return lists;
    case 'openai-agents':
      // A RunResult's items (`newItems` is its state's list), a saved state's, or a list of items.
      if (Array.isArray(run)) messageLists(run, lists);
      else if (Array.isArray(record.newItems)) lists.push(record.newItems as unknown[]);
      else if (record.state && Array.isArray((record.state as Record<string, unknown>).generatedItems)) lists.push((record.state as Record<string, unknown>).generatedItems as unknown[]);
      else if (Array.isArray(record.generatedItems)) lists.push(record.generatedItems as unknown[]);
      return lists;
    case 'claude-agent':
      // The messages, and each one's content blocks (in `message.content`).
      lists.push(run as unknown[]);
      for (const message of run as Array<{ message?: { content?: unknown } }>) if (Array.isArray(message.message?.content)) lists.push(message.message.content as unknown[]);
      return lists;
    case 'llamaindex': {
      // Messages (a list, exec()'s newMessages, a Memory's), an agent's result (its state's memory),
      // runStream()'s events (the list, and the stop event's memory).
      const memoryOf = (data: unknown) => ((data as { state?: { memory?: { messages?: unknown } } } | undefined)?.state?.memory?.messages);
      const found = [run, record.newMessages, record.messages, memoryOf(record), memoryOf(record.data)];
      if (Array.isArray(run)) for (const event of run as Array<{ data?: unknown }>) found.push(memoryOf(event?.data));
      for (const list of found) if (Array.isArray(list)) messageLists(list, lists);
      return lists;
    }
    case 'ai-sdk-result':
    case 'ai-sdk-steps':
    case 'ai-sdk-4': {
      const steps = Array.isArray(run) ? run : (record.steps as unknown[] | undefined);
      if (fixture.format !== 'ai-sdk-4' || (steps && steps.length > 0 && 'stepType' in (steps[0] as object))) {
        if (!steps) return lists;
        lists.push(steps);
        // A step's calls are in its content (5+); AI SDK 4's in its own toolCalls and toolResults (in 5+ getters over the content).
        for (const step of steps as Array<Record<string, unknown>>) {
          for (const key of Array.isArray(step.content) ? ['content'] : ['toolCalls', 'toolResults']) if (Object.hasOwn(step, key) && Array.isArray(step[key])) lists.push(step[key] as unknown[]);
        }
        return lists;
      }
      break;
    }
  }
  if (Array.isArray(run)) messageLists(run, lists);
  else if (Array.isArray(record.messages)) messageLists(record.messages as unknown[], lists);
  else if (Array.isArray(record.output)) messageLists(record.output as unknown[], lists, true);
  else if (run && typeof run === 'object' && ('role' in record || 'type' in record)) {
    // One message: its parts.
    const holder: unknown[] = [run];
    messageLists(holder, lists);
    lists.shift();
  }
  return lists;
}

/**
 * A structural copy of `run` in which `target` (a list or a record somewhere in it) is replaced by
 * `replace(target)`; class instances (LangChain messages) keep their prototype, and only the values
 * on the path are copied.
 */
export function withReplaced<T extends object>(run: unknown, target: T, replace: (target: T) => T): unknown {
  const copies = new Map<unknown, unknown>();
  const visit = (value: unknown, depth: number): unknown => {
    if (value === target) return replace(target);
    if (depth > 6 || typeof value !== 'object' || value === null) return value;
    if (copies.has(value)) return copies.get(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => visit(item, depth + 1));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    const entries = Object.entries(value).map(([key, field]) => [key, visit(field, depth + 1)] as const);
    if (!entries.some(([key, field]) => field !== (value as Record<string, unknown>)[key])) return value;
    const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
    Object.assign(copy, value, Object.fromEntries(entries));
    copies.set(value, copy);
    return copy;
  };
  return visit(run, 0);
}

/** `run` with `piece` put into the list `target` at `at` (modulo its length + 1). */
export function withInserted(run: unknown, target: unknown[], at: number, piece: unknown): unknown {
  return withReplaced(run, target, (list) => {
    const copy = [...list];
    copy.splice(at % (list.length + 1), 0, piece);
    return copy;
  });
}

/** `run` with the record `target` given one more key. */
export function withKey(run: unknown, target: object, key: string, value: unknown): unknown {
  return withReplaced(run, target, (record) => {
    const copy = Object.create(Object.getPrototypeOf(record)) as Record<string, unknown>;
    Object.assign(copy, record, { [key]: value });
    return copy;
  });
}
