import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../api-client';
import { queryKeys } from './query-keys';

export type CustomField = ApiResponse<'/api/crm/fields', 'get'>['items'][number];
export type CustomFieldEntity = CustomField['entity'];
export type CustomFieldType = CustomField['type'];
export type FieldOption = CustomField['options'][number];

/**
 * One kind of record's custom fields in their order (GET /api/crm/fields): the offered ones, and with
 * `includeRetired` the retired ones too (Settings; a record page shows a retired field's value under its name).
 */
export const getCustomFieldsQueryOptions = (entity: CustomFieldEntity, includeRetired = false) =>
  queryOptions({
    queryKey: queryKeys.customFields.entity(entity, includeRetired),
    queryFn: () => data(api.GET('/api/crm/fields', { params: { query: { entity, includeRetired } } })),
    // Fields change when an admin edits them in Settings, which invalidates them; a minute spares every form a read.
    staleTime: 60_000,
  });

export const useCustomFields = (entity: CustomFieldEntity, includeRetired = false) =>
  useQuery(getCustomFieldsQueryOptions(entity, includeRetired));

/** A label in the UI's language ('pt-BR' or 'en'). */
export const labelIn = (label: { pt: string; en: string }, language: string): string =>
  language.startsWith('en') ? label.en : label.pt;
