import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';

interface HomeCardProps<T> {
  /** The section's test id; its heading's id derives from it. */
  id: string;
  title: string;
  /** A count beside the title, once loaded. */
  count?: (data: T) => number;
  query: UseQueryResult<T>;
  /** A link or button in the header (e.g. "see all"). */
  action?: ReactNode;
  className?: string;
  children: (data: T) => ReactNode;
}

/** One section of the home: its own request, its own spinner, error and retry, so one slow section blocks no other. */
export function HomeCard<T>({ id, title, count, query, action, className, children }: HomeCardProps<T>) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  return (
    <Card className={cn('min-w-0', className)}>
      <section aria-labelledby={headingId} data-testid={id} aria-busy={query.isFetching}>
        <CardHeader>
          <CardTitle id={headingId}>
            {title}
            {count && query.data !== undefined && (
              <span className="ml-2 text-sm font-normal text-muted-foreground" data-testid={`${id}-count`}>
                ({count(query.data)})
              </span>
            )}
          </CardTitle>
          {action}
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t('common.loading')}
            </p>
          ) : query.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="alert" className="text-sm text-danger">
                {t('home.loadFailed')}: {errorMessage(query.error, t)}
              </p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            children(query.data)
          )}
        </CardContent>
      </section>
    </Card>
  );
}

/** What a section says when it has nothing: what it is, and what to do next. */
export function HomeEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid justify-items-start gap-1 rounded-md border border-dashed border-border px-4 py-5 text-sm">
      <p className="font-medium text-foreground">{title}</p>
      {children && <div className="text-muted-foreground">{children}</div>}
    </div>
  );
}

/** The seeded pipeline's stage names are keys (as the board shows them); a stage someone named shows as written. */
export const stageLabel = (stage: string, t: (key: string, options?: Record<string, unknown>) => string): string =>
  t(`dealForm.stages.${stage}`, { defaultValue: stage });
