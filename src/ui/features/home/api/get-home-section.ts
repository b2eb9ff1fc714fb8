import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data, type ApiResponse } from '../../../lib/api-client';
import { DEFAULT_PIPELINE } from '../../../lib/api/get-stages';
import { queryKeys } from '../../../lib/api/query-keys';

/** Each section of the home and its answer, one request each (`GET /api/home/<section>`). */
export interface HomeSections {
  agenda: ApiResponse<'/api/home/agenda', 'get'>;
  'no-next-step': ApiResponse<'/api/home/no-next-step', 'get'>;
  pipeline: ApiResponse<'/api/home/pipeline', 'get'>;
  goal: ApiResponse<'/api/home/goal', 'get'>;
  'recent-contacts': ApiResponse<'/api/home/recent-contacts', 'get'>;
  team: ApiResponse<'/api/home/team', 'get'>;
}
export type HomeSection = keyof HomeSections;

export type AgendaItem = HomeSections['agenda']['overdue']['items'][number];
export type NoNextStepDeal = HomeSections['no-next-step']['items'][number];

/** A section for one person, or (userId null) the viewer's own for a seller and the whole team for an admin. */
export const getHomeSection = <S extends HomeSection>(section: S, userId: number | null): Promise<HomeSections[S]> =>
  // Every section takes the same query; the path's type is one of them, the answer's the section's own.
  data(
    api.GET(`/api/home/${section}` as '/api/home/agenda', {
      params: { query: userId === null ? {} : { userId } },
    }),
  ) as Promise<HomeSections[S]>;

export const getHomeSectionQueryOptions = <S extends HomeSection>(section: S, userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.home.section(section, userId),
    queryFn: () => getHomeSection(section, userId),
  });

export const useHomeSection = <S extends HomeSection>(section: S, userId: number | null) =>
  useQuery(getHomeSectionQueryOptions(section, userId));

/** The pipeline section for one pipeline (the default one unless another is chosen). */
export const useHomePipeline = (userId: number | null, pipeline: string) =>
  useQuery({
    queryKey: [...queryKeys.home.section('pipeline', userId), pipeline],
    queryFn: () =>
      data(
        api.GET('/api/home/pipeline', {
          params: { query: { ...(userId !== null && { userId }), ...(pipeline !== DEFAULT_PIPELINE && { pipeline }) } },
        }),
      ),
  });
