import type { TFunction } from 'i18next';

/** The seeded pipeline's stage names are keys (README); a stage someone named shows as written. */
export const stageLabel = (
  stage: string,
  t: TFunction | ((key: string, options?: Record<string, unknown>) => string),
): string => t(`dealForm.stages.${stage}`, { defaultValue: stage });

/** A lost deal's stored reason: a seeded reason's key shows translated, an admin's label or free text as written. */
export const lostReasonLabel = (
  stored: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string => t(`pipeline.lostReasons.${stored}`, { defaultValue: stored });
