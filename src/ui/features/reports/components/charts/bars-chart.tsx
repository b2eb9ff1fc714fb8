import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Series<Row> {
  key: keyof Row & string;
  label: string;
  /** A theme colour variable, e.g. var(--primary): the chart follows light, dark and matrix. */
  color: string;
  format: (value: number) => string;
}

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };

/**
 * The one chart shape of the reports screen: bars by category, one series or several side by side, values on
 * hover. Only files under the reports route import recharts, so it loads with that route alone.
 */
export default function BarsChart<Row extends object>({ data, category, series, horizontal, extra }: {
  data: Row[];
  /** The field naming each bar group, already a label. */
  category: keyof Row & string;
  series: Series<Row>[];
  /** Bars lying down (names read better on the left: people, stages). */
  horizontal?: boolean;
  /** More lines for the tooltip (e.g. a value beside a count). */
  extra?: (row: Row) => string[];
}) {
  const first = series[0]!;
  // No keyboard layer: the chart is hidden from assistive technology, its table beside it says the same.
  const valueAxis = { allowDecimals: false, tick: AXIS, tickFormatter: (v: number) => first.format(v), stroke: 'var(--border)' };
  // Every label while they fit (forecast buckets, types); first and last ones kept on long time series.
  const categoryAxis = { dataKey: category as string, tick: AXIS, stroke: 'var(--border)', interval: data.length > 12 ? ('preserveStartEnd' as const) : 0 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data as Record<string, unknown>[]} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={!horizontal} vertical={Boolean(horizontal)} />
        {horizontal ? (
          <>
            <XAxis type="number" {...valueAxis} />
            <YAxis type="category" width={110} {...categoryAxis} />
          </>
        ) : (
          <>
            <XAxis type="category" {...categoryAxis} />
            <YAxis type="number" width={72} {...valueAxis} />
          </>
        )}
        <Tooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
          contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--foreground)' }}
          labelStyle={{ color: 'var(--foreground)', fontWeight: 600 }}
          itemStyle={{ color: 'var(--foreground)' }}
          formatter={(value, name) => {
            const s = series.find((x) => x.label === name);
            return [s ? s.format(Number(value)) : String(value), name];
          }}
          labelFormatter={(label, payload) => {
            const row = payload?.[0]?.payload as Row | undefined;
            const more = row && extra ? extra(row) : [];
            return [String(label), ...more].join(' · ');
          }}
        />
        {series.length > 1 && <Legend wrapperStyle={{ color: 'var(--foreground)', fontSize: 12 }} />}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key as string} name={s.label} fill={s.color} radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
