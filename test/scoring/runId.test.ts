import { describe, expect, it } from 'vitest';
import { runIds } from '../../src/scoring/runId.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('runIds', () => {
  it("keeps a run's own runId", () => {
    expect(runIds()({ runId: 'run-42' })).toBe('run-42');
  });

  it('gives every other run a fresh v4-shaped id, unique within a scorer and across scorers', () => {
    const first = runIds();
    const second = runIds();
    const ids = [first({}), first({ runId: '' }), first([]), second({}), second(null)];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
