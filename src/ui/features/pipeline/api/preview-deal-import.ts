import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/api/query-keys';
import { fileKey, postForm } from '../../../lib/api/upload-form';

export type DealImportPreview = ApiResponse<'/api/crm/deals/import/preview', 'post'>;
export type DealMapping = DealImportPreview['mapping'];
export type DealMappingTarget = DealMapping[string];
export type DealImportRow = DealImportPreview['rows'][number];
export type DealStageLine = DealImportPreview['stages'][number];
export type StageMapping = Record<string, string>;

/** What a column can fill, in the order the mapping offers them (the compiler checks none is missing). */
export const DEAL_MAPPING_TARGETS = Object.keys({
  title: 0,
  value: 0,
  currency: 0,
  stage: 0,
  status: 0,
  expectedCloseDate: 0,
  closedAt: 0,
  wonAt: 0,
  lostAt: 0,
  lostReason: 0,
  contactName: 0,
  contactEmail: 0,
  company: 0,
  probability: 0,
  notes: 0,
} satisfies Record<Exclude<DealMappingTarget, `customFields.${string}`>, 0>) as DealMappingTarget[];

/** What a deals import is sent besides its file. */
export interface DealImportChoice {
  /** Absent: the server guesses it from the headers. */
  mapping?: DealMapping;
  pipeline: string;
  stageMapping?: StageMapping;
}

/** The multipart fields: the mapping and the stage mapping as JSON. */
export const dealImportFields = ({ mapping, pipeline, stageMapping }: DealImportChoice) => ({
  ...(mapping && { mapping: JSON.stringify(mapping) }),
  pipeline,
  ...(stageMapping && { stageMapping: JSON.stringify(stageMapping) }),
});

export const previewDealImport = (file: File, choice: DealImportChoice) =>
  postForm<DealImportPreview>('/api/crm/deals/import/preview', file, dealImportFields(choice));

export const getDealImportPreviewQueryOptions = (file: File, choice: DealImportChoice) =>
  queryOptions({
    queryKey: [...queryKeys.deals.all, 'import-preview', fileKey(file), choice],
    queryFn: () => previewDealImport(file, choice),
    // A dry run reads the database as it is now: never answered from an older run.
    staleTime: 0,
    gcTime: 0,
  });

/** The dry run of the chosen file into a pipeline; nothing is written. */
export const useDealImportPreview = (file: File | null, choice: DealImportChoice) =>
  useQuery({
    ...getDealImportPreviewQueryOptions(file ?? new File([], ''), choice),
    enabled: file !== null,
    // While another mapping or pipeline is checked, the same file's last answer stays on screen.
    placeholderData: (previous, query) => (file && query?.queryKey[3] === fileKey(file) ? previous : undefined),
  });
