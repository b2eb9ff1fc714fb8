import { BarChart3, Table2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type Column } from './data-table';

/**
 * A chart with its table: the table is always there for screen readers (visually hidden under the chart),
 * and anyone can show it instead of the chart.
 */
export function ChartCard<Row>({
  id,
  title,
  description,
  columns,
  rows,
  rowKey,
  children,
  empty,
}: {
  id: string;
  title: string;
  description?: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  children: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: boolean;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const headingId = `chart-${id}-title`;
  return (
    <Card data-testid={`chart-${id}`} aria-labelledby={headingId} role="region" className="min-w-0">
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={headingId}>{title}</CardTitle>
          {description && <p className="mt-0.5 text-xs text-muted-foreground">{description}</p>}
        </div>
        {!empty && (
          <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {asTable ? (
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Table2 className="h-4 w-4" aria-hidden="true" />
            )}
            {asTable ? t('reports.showChart') : t('reports.showTable')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{t('reports.noData')}</p>
        ) : asTable ? (
          <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} captionHidden />
        ) : (
          <>
            <div aria-hidden="true" className="h-64 w-full">
              {children}
            </div>
            <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} screenReaderOnly />
          </>
        )}
      </CardContent>
    </Card>
  );
}
