// A full collection, with no flag on the command line: the recording benches run one before each
// round's timed blocks. Opening a recording parses megabytes of JSON; the young collections that
// then move it to the old generation fell in the round's first blocks, on whichever model ran first
// (bench/recordings-parts.mjs --no-collect shows it on two copies of one replay; bench/RESULTS.md,
// issue 45). Loading, which the collection finishes, is timed on its own (bench/recordings.mjs part 2).
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
export const collect = vm.runInNewContext('gc');
