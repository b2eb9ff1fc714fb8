import { FieldError } from '../crm/crm.errors';
import { STAGE_KINDS, type PipelineStage, type StageFields } from './deal';
import { LastStageOfKindError } from './deals.errors';

/** A pipeline: its own stages (the pipeline-stages routes), its own won and lost stages, found by their kind. */
export interface Pipeline {
  /** What stages and deals name; fixed once created. */
  key: string;
  /** As an admin wrote it; null: the UI's translation of a seeded key (the default pipeline's). */
  name: string | null;
  /** 1-based, in the switcher's order. */
  position: number;
  /** Hidden from the switcher; its deals keep it, and no deal enters it. */
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewPipeline {
  key: string;
  name: string;
  /** Its stages in order; the seeded set of the default pipeline when omitted. */
  stages?: StageFields[];
}

export interface PipelineChanges {
  name?: string;
  position?: number;
  archived?: boolean;
}

export const MAX_PIPELINES = 20;

/** A new key: lower-case letters, digits, '-' and '_', starting with a letter or digit. */
export const PIPELINE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** The stages a new pipeline starts with unless it names its own: those the default pipeline was seeded with. */
export const SEEDED_STAGES: StageFields[] = [
  { stage: 'prospecting', color: '#3B82F6', probability: 10, kind: 'open' },
  { stage: 'qualification', color: '#8B5CF6', probability: 25, kind: 'open' },
  { stage: 'proposal', color: '#F59E0B', probability: 50, kind: 'open' },
  { stage: 'negotiation', color: '#F97316', probability: 75, kind: 'open' },
  { stage: 'won', color: '#22C55E', probability: 100, kind: 'won' },
  { stage: 'lost', color: '#EF4444', probability: 0, kind: 'lost' },
];

/**
 * Every pipeline keeps a stage of each kind (its deals can be worked, won and lost) and opens with an open stage
 * (new deals land in the first one).
 */
export function checkStageShape(stages: Pick<PipelineStage, 'kind'>[], field: 'kind' | 'stageIds' | 'stages'): void {
  for (const kind of STAGE_KINDS) if (!stages.some((s) => s.kind === kind)) throw new LastStageOfKindError(kind);
  if (stages[0]?.kind !== 'open')
    throw new FieldError(field, 'The first stage must be an open stage: new deals start there');
}
