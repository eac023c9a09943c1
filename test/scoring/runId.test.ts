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

  it('counts up in the last group across its digits: 1,000 ids, every one v4-shaped and unique, the count in the last 12 hex digits', () => {
    const next = runIds();
    const ids = Array.from({ length: 1000 }, () => next({}));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(1000);
    expect(ids.map((id) => parseInt(id.slice(-12), 16))).toEqual(Array.from({ length: 1000 }, (_, index) => index));
    expect(new Set(ids.map((id) => id.slice(0, 24))).size).toBe(1);
  });
});
