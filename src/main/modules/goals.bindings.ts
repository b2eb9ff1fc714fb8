import { ContainerModule } from 'inversify';
import { GoalsService } from '../../domain/goals/goals.service';
import { GOALS_SERVICE, GOAL_REPOSITORY } from '../../domain/goals/goals.tokens';
import { KnexGoalRepository } from '../../infrastructure/goals/knex-goal.repository';

export const goalsModule = new ContainerModule(({ bind }) => {
  bind(GOAL_REPOSITORY).to(KnexGoalRepository).inSingletonScope();
  bind(GOALS_SERVICE).to(GoalsService).inSingletonScope();
});
