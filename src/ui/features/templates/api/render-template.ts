import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiBody, type ApiResponse } from '../../../lib/api-client';

export type RenderTemplateInput = ApiBody<'/api/crm/templates/{id}/render', 'post'>;
export type RenderedTemplate = ApiResponse<'/api/crm/templates/{id}/render', 'post'>;

/** A template filled from a contact (and a deal, and values typed for the rest); nothing is stored, so it is read like a query. */
export const renderTemplate = (id: number, body: RenderTemplateInput) =>
  data(api.POST('/api/crm/templates/{id}/render', { params: { path: { id } }, body }));

export const renderTemplateQueryOptions = (id: number, body: RenderTemplateInput) =>
  queryOptions({
    queryKey: ['templates', 'render', id, body],
    queryFn: () => renderTemplate(id, body),
    placeholderData: keepPreviousData,
  });

export const useRenderedTemplate = (id: number | null, body: RenderTemplateInput | null) =>
  useQuery({ ...renderTemplateQueryOptions(id ?? 0, body ?? { contactId: 0 }), enabled: id !== null && body !== null });
