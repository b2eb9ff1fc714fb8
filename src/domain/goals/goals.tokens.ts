export const GOAL_REPOSITORY = Symbol.for('goals.GoalRepository');
export const GOALS_SERVICE = Symbol.for('goals.GoalsService');
