import { ContainerModule } from 'inversify';
import { MergeService } from '../../domain/merge/merge.service';
import { MERGE_REPOSITORY, MERGE_SERVICE } from '../../domain/merge/merge.tokens';
import { KnexMergeRepository } from '../../infrastructure/merge/knex-merge.repository';

export const mergeModule = new ContainerModule(({ bind }) => {
  bind(MERGE_REPOSITORY).to(KnexMergeRepository).inSingletonScope();
  bind(MERGE_SERVICE).to(MergeService).inSingletonScope();
});
