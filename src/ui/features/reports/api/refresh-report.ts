import { useMutation } from '@tanstack/react-query';
import { api, data } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { getReport, REPORTS_QUERY_KEY } from './get-report';

/** How long the screen waits for the job to store new figures before saying it is still running. */
export const REFRESH_WAIT = { attempts: 40, intervalMs: 500 };

export class RefreshPendingError extends Error {
  constructor() {
    super('The figures are still being computed');
    this.name = 'RefreshPendingError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server to recompute, then waits (bounded) until the stored figures are newer than `computedAt`,
 * so the screen shows the new figures, not the old ones a second time.
 */
export async function refreshReport(computedAt: string | null, wait = REFRESH_WAIT): Promise<void> {
  await data(api.POST('/api/crm/reports/refresh'));
  for (let attempt = 0; attempt < wait.attempts; attempt++) {
    await pause(wait.intervalMs);
    const report = await getReport({ period: 30, category: 'all' });
    if (report.computedAt && report.computedAt !== computedAt) return;
  }
  throw new RefreshPendingError();
}

// Every period and category, and the live quick reports, may have changed.
export const useRefreshReport = () =>
  useMutation({
    mutationFn: (computedAt: string | null) => refreshReport(computedAt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
  });
