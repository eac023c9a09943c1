/**
 * JSON text of any value, for messages and the judge's prompt: bigints, functions, errors and
 * cycles become readable strings instead of throwing. `replace` sees each value first and may
 * substitute it. Returns undefined when the value has no JSON form or a getter throws.
 */
export function safeJson(value: unknown, options: { indent?: number; replace?: (value: unknown) => unknown } = {}): string | undefined {
  const seen = new WeakSet<object>();
  const { indent, replace } = options;
  try {
    return JSON.stringify(
      value,
      (_key, inner: unknown) => {
        if (replace) inner = replace(inner);
        if (typeof inner === 'bigint') return `${inner}n`;
        if (typeof inner === 'function') return '[Function]';
        if (typeof inner === 'symbol') return inner.toString();
        if (inner instanceof Error) return `${inner.name}: ${inner.message}`;
        if (typeof inner === 'object' && inner !== null) {
          if (seen.has(inner)) return '[Circular]';
          seen.add(inner);
        }
        return inner;
      },
      indent,
    );
  } catch {
    return undefined;
  }
}
