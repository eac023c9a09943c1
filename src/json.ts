/** Deeper than this, an object or array prints as "[…]": JSON of a value nested thousands deep would overflow the stack. */
const MAX_DEPTH = 64;

/**
 * JSON text of any value, for messages and the judge's prompt: bigints, functions, errors, cycles
 * and values nested too deep become readable strings instead of throwing. `replace` sees each
 * value first and may substitute it; with `sortKeys`, each object's keys are written in sorted
 * order (a text that does not change when an agent reorders an object). Returns undefined when
 * the value has no JSON form or a getter throws.
 */
export function safeJson(value: unknown, options: { indent?: number; replace?: (value: unknown) => unknown; sortKeys?: boolean } = {}): string | undefined {
  const { indent, replace, sortKeys } = options;
  // The objects from the root down to the one being written: a value met again among its own
  // ancestors is a cycle; one met again elsewhere is printed again. `written` holds what
  // JSON.stringify walks (with sortKeys, the sorted copy), `ancestors` the objects themselves.
  const written: object[] = [];
  const ancestors: object[] = [];
  const onPath = new Set<object>();
  try {
    return JSON.stringify(
      value,
      function (this: unknown, _key, inner: unknown) {
        // `this` holds `inner`: the ancestors below it are finished.
        while (written.length > 0 && written[written.length - 1] !== this) {
          written.pop();
          onPath.delete(ancestors.pop()!);
        }
        if (replace) inner = replace(inner);
        if (typeof inner === 'bigint') return `${inner}n`;
        if (typeof inner === 'function') return '[Function]';
        if (typeof inner === 'symbol') return inner.toString();
        if (inner instanceof Error) return `${inner.name}: ${inner.message}`;
        if (typeof inner === 'object' && inner !== null) {
          if (onPath.has(inner)) return '[Circular]';
          if (ancestors.length >= MAX_DEPTH) return '[…]';
          const walked = sortKeys && !Array.isArray(inner) ? sortedCopy(inner) : inner;
          written.push(walked);
          ancestors.push(inner);
          onPath.add(inner);
          return walked;
        }
        return inner;
      },
      indent,
    );
  } catch {
    return undefined;
  }
}

/** The object's own enumerable fields in sorted key order (what JSON.stringify would write of it). */
function sortedCopy(value: object): object {
  // No prototype: a key "__proto__" (JSON.parse makes it an own key) stays a key.
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).sort()) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

/** Whether `text` is JSON. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The value the JSON `text` holds, or the text itself when it is not JSON. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
