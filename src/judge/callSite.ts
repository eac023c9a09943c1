import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A place in a file: the absolute path, and `line:column`. */
export interface CallSite {
  file: string;
  position: string;
}

/**
 * Where user code called the matcher: the first stack frame outside this package, the runners and Node. Un-awaited
 * errors name it: the test they fail is not always the one that made the call (the global `expect` in concurrent tests).
 */
export function callSite(): CallSite | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50; // the runner's expect and chai frames come before the user's
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const locations = stack.split('\n').slice(1).map(location).filter((found) => found !== undefined);
  const own = locations[0];
  if (own === undefined) return undefined;
  // This file is in src/judge/ when run from source, or in one bundled dist/ file.
  const ownDir = path.dirname(own.file);
  const packageDir = path.basename(ownDir) === 'judge' ? path.dirname(ownDir) : ownDir;
  return locations.find(({ file }) => path.isAbsolute(file) && !file.startsWith(packageDir + path.sep) && !/[\\/]node_modules[\\/]/.test(file));
}

/** `file:line:column`, the file relative to the working directory when inside it. */
export function describeCallSite({ file, position }: CallSite): string {
  const relative = path.relative(process.cwd(), file);
  return `${relative.startsWith('..') || path.isAbsolute(relative) ? file : relative}:${position}`;
}

/** Points an error's stack at these call sites only, so the runner's code frame shows the user's line (an async error has none). */
export function pointStackAt<E extends Error>(error: E, sites: ReadonlyArray<CallSite | undefined>): E {
  const frames = sites.flatMap((site) => (site ? [`    at ${site.file}:${site.position}`] : []));
  if (frames.length > 0) error.stack = `${error.name}: ${error.message}\n${frames.join('\n')}`;
  return error;
}

function location(frame: string): CallSite | undefined {
  const match = /^\s*at (?:.*? \()?(.+?):(\d+:\d+)\)?$/.exec(frame);
  if (!match) return undefined;
  const file = match[1]!;
  return { file: file.startsWith('file://') ? fileURLToPath(file) : file, position: match[2]! };
}
