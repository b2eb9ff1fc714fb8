import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatInteger } from '../../../lib/format';
import { useReportChoices, type ReportChoices } from '../../../lib/report-choices';
import type { ReportResult } from '../api/run-report';
import { formatMeasure, groupLabel } from '../group-label';
import { groupNumber } from '../report-form';

interface Row {
  name: string;
  value: number;
  shown: string;
  count: number;
}

/** Recharts draws in SVG: colours come from the theme's CSS variables, so light, dark and matrix all read. */
const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12 };

export function rowsOf(
  result: ReportResult,
  t: ReturnType<typeof useTranslation>['t'],
  choices: ReportChoices,
  language: string,
): Row[] {
  const { definition } = result;
  const grouping = choices.fieldOf(definition, definition.groupBy);
  const measured = choices.fieldOf(definition, definition.measure);
  return result.groups.map((g) => ({
    name: groupLabel(g, definition, t, result.otherGroups, grouping, language),
    value: groupNumber(g),
    shown: formatMeasure(g.value, definition.measure, measured),
    count: g.count,
  }));
}

/** The figures as a table: what the "table" chart shows, and what screen readers get beside a drawn chart. */
export function ReportTable({
  result,
  caption,
  className,
}: {
  result: ReportResult;
  caption: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const choices = useReportChoices();
  const rows = rowsOf(result, t, choices, i18n.language);
  const measure = result.definition.measure;
  return (
    <table className={className ?? 'w-full text-sm'} data-testid="report-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-3 font-medium">
            {choices.groupingName(result.definition)}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            {t('reportBuilder.records')}
          </th>
          {measure !== 'count' && (
            <th scope="col" className="py-2 text-right font-medium">
              {choices.measureName(result.definition)}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.name}-${i}`} className="border-b border-border/60">
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              {row.name}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{formatInteger(row.count)}</td>
            {measure !== 'count' && <td className="py-2 text-right tabular-nums">{row.shown}</td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" className="py-2 pr-3 text-left">
            {t('reportBuilder.total')}
          </th>
          <td className="py-2 pr-3 text-right tabular-nums">{formatInteger(result.total.count)}</td>
          {measure !== 'count' && (
            <td className="py-2 text-right tabular-nums">
              {formatMeasure(result.total.value, measure, choices.fieldOf(result.definition, measure))}
            </td>
          )}
        </tr>
      </tfoot>
    </table>
  );
}

function ChartTooltip({ active, payload }: { active?: boolean; payload?: { payload: Row }[] }) {
  const { t } = useTranslation();
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div
      className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-foreground shadow-lg"
      data-testid="report-tooltip"
    >
      <p className="font-medium">{row.name}</p>
      <p className="tabular-nums">{row.shown}</p>
      <p className="text-xs text-muted-foreground">{t('reportBuilder.recordsCount', { count: row.count })}</p>
    </div>
  );
}

/** Bars or a line, values on hover (and on the bars when few), with the same figures as a table for screen readers. */
export function ReportChart({ result, caption }: { result: ReportResult; caption: string }) {
  const { t, i18n } = useTranslation();
  const choices = useReportChoices();
  if (result.definition.chart === 'table') return <ReportTable result={result} caption={caption} />;
  const rows = rowsOf(result, t, choices, i18n.language);
  const money = result.definition.measure !== 'count';
  const tick = (value: number) =>
    money
      ? new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(value)
      : formatInteger(value);
  const Chart = result.definition.chart === 'line' ? LineChart : BarChart;
  return (
    <figure className="grid gap-2">
      <div className="h-80 w-full" aria-hidden="true" data-testid="report-chart">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the table below carries the figures), so not a keyboard stop either. */}
          <Chart data={rows} margin={{ top: 24, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="name"
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              stroke={AXIS.stroke}
              interval="preserveStartEnd"
            />
            <YAxis
              tickFormatter={tick}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              stroke={AXIS.stroke}
              width={56}
            />
            <Tooltip content={<ChartTooltip />} cursor={{ fill: 'var(--muted)', stroke: 'var(--border)' }} />
            {result.definition.chart === 'line' ? (
              <Line
                type="monotone"
                dataKey="value"
                stroke="var(--primary)"
                strokeWidth={2}
                dot={{ r: 3, fill: 'var(--primary)' }}
                isAnimationActive={false}
              >
                {rows.length <= 12 && (
                  <LabelList dataKey="shown" position="top" fill="var(--foreground)" fontSize={12} />
                )}
              </Line>
            ) : (
              <Bar dataKey="value" fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {rows.length <= 12 && (
                  <LabelList dataKey="shown" position="top" fill="var(--foreground)" fontSize={12} />
                )}
              </Bar>
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <ReportTable result={result} caption={caption} className="sr-only" />
    </figure>
  );
}
