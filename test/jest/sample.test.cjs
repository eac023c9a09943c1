// Samples under real Jest (CommonJS, the built package): the gate, .not per run, thrown runs, and
// the per-run diff Jest is not given otherwise.
const { sample } = require('tool-call-accuracy');
const { failureMessage } = require('./failureMessage.cjs');

const ORDER = ['search', 'book'];

describe('a sample under Jest', () => {
  test('9 of 10 at 0.9 passes; 8 of 10 fails with the gate, the interval and the failing runs with their diffs', async () => {
    const nine = await sample((index) => (index === 0 ? ['book'] : ORDER), { n: 10, minPassRate: 0.9 });
    expect(nine).toCallToolsInOrder(ORDER);
    const eight = await sample((index) => (index < 2 ? ['book'] : ORDER), { n: 10, minPassRate: 0.9 });
    const message = failureMessage(() => expect(eight).toCallToolsInOrder(ORDER));
    expect(message.split('\n').slice(0, 5)).toEqual([
      'expect(runs).toCallToolsInOrder(expected)',
      '',
      'Passed in 8 of 10 runs (flaky); at least 9 required (minPassRate 0.9).',
      'Pass rate 80%, 95% Wilson interval 49%–94.3%.',
      '',
    ]);
    expect(message).toContain('Run 1 of 10 failed:');
    expect(message).toContain('Run 2 of 10 failed:');
    expect(message).toContain('-   "search",');
  });

  test('.not applies to each run; a thrown run is a failed run, never a crash', async () => {
    const runs = await sample(
      (index) => {
        if (index === 1) throw new Error('provider down');
        return ['search'];
      },
      { n: 3 },
    );
    const message = failureMessage(() => expect(runs).not.toCallTool('book'));
    expect(message).toContain('Passed in 2 of 3 runs (flaky); all 3 required (minPassRate 1).');
    expect(message).toContain('Run 2 of 3 failed:\n  The agent threw: Error: provider down');
  });

  test('a value in the sample that is not a run is a matcher error, with .not too', async () => {
    const runs = await sample([['search'], 42]);
    expect(() => expect(runs).not.toCallTool('search')).toThrow('Matcher error: In run 2 of 2: ');
  });
});
