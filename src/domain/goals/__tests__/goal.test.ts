import { describe, expect, it } from 'vitest';
import { NO_FIGURES, paceOf, sumGoals } from '../goal';

describe('pace and the team’s sum', () => {
  it('puts the pace at the goal × elapsed days / days in the month, in cents; none without a goal', () => {
    expect(paceOf({ wonValue: 1000.5, wonCount: null, activitiesDone: null }, 17, 30)).toEqual({ wonValue: 566.95 });
    expect(paceOf({ wonValue: 4000, wonCount: 2, activitiesDone: null }, 17, 30)).toEqual({ wonValue: 2266.67 });
    expect(paceOf({ wonValue: 800, wonCount: null, activitiesDone: 4 }, 31, 31)).toEqual({ wonValue: 800 });
    expect(paceOf(null, 17, 30)).toEqual({ wonValue: null });
  });

  it('adds the goals up (a count only where somebody set one) and every figure', () => {
    const team = sumGoals(
      [
        {
          goal: { wonValue: 4000, wonCount: 2, activitiesDone: null },
          actual: { wonValue: 3000, wonCount: 1, activitiesDone: 4 },
        },
        {
          goal: { wonValue: 1000.1, wonCount: null, activitiesDone: null },
          actual: { wonValue: 0.2, wonCount: 0, activitiesDone: 2 },
        },
        { goal: null, actual: { wonValue: 500, wonCount: 1, activitiesDone: 0 } },
      ],
      15,
      30,
    );
    expect(team).toEqual({
      goal: { wonValue: 5000.1, wonCount: 2, activitiesDone: null },
      actual: { wonValue: 3500.2, wonCount: 2, activitiesDone: 6 },
      pace: { wonValue: 2500.05 },
    });
    expect(sumGoals([{ goal: null, actual: NO_FIGURES }], 1, 30)).toEqual({
      goal: null,
      actual: NO_FIGURES,
      pace: { wonValue: null },
    });
  });
});
