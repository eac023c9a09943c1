// Reading a V8 CPU profile (node --cpu-prof) for the summaries: the first .cpuprofile of a folder,
// its nodes by id, each node's parent, and a label per function (`name folder/file:line`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function readProfile(dir) {
  const profile = JSON.parse(readFileSync(path.join(dir, readdirSync(dir).find((file) => file.endsWith('.cpuprofile'))), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  return { profile, nodes, parents };
}

/** `name folder/file:line`, the last `parts` parts of the script's path (3 tell ai's dist/index.js from ours). */
export const label = ({ callFrame: frame }, parts = 3) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-parts).join('/')}:${frame.lineNumber + 1}`;

/** The labels of a sample's stack, each once, from the sampled function up. */
export function stackOf(id, nodes, parents) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) seen.add(label(nodes.get(at)));
  return seen;
}
