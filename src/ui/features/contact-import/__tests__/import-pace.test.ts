import { describe, expect, it } from 'vitest';
import { pace } from '../import-pace';

describe('pace', () => {
  it('needs two readings that moved', () => {
    expect(pace([], 100)).toBeNull();
    expect(pace([{ at: 0, rows: 10 }], 100)).toBeNull();
    expect(
      pace(
        [
          { at: 0, rows: 10 },
          { at: 1000, rows: 10 },
        ],
        100,
      ),
    ).toBeNull();
  });

  it('measures rows per second over the last 15 seconds and the time left at that pace', () => {
    const samples = [
      { at: 0, rows: 0 },
      { at: 10_000, rows: 1_000 },
      { at: 20_000, rows: 2_000 },
      { at: 25_000, rows: 4_000 },
    ];
    // From 10 s (the oldest within 15 s of the last) to 25 s: 3,000 rows in 15 s.
    expect(pace(samples, 10_000)).toEqual({ rate: 200, secondsLeft: 30 });
    expect(pace(samples, null)).toEqual({ rate: 200, secondsLeft: null });
  });
});
