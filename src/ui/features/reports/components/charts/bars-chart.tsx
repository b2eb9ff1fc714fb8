import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Series<Row> {
  key: keyof Row & string;
  label: string;
  /** A theme colour variable, e.g. var(--primary): the chart follows light, dark and matrix. */
  color: string;
  format: (value: number) => string;
}

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };
/** A 12 px character's width, roughly (digits, "R$", "mil"): enough to size the value axis to its labels. */
const CHAR_PX = 7.5;

/** The top tick the axis will likely draw for `max`: max rounded up to 1, 2, 2.5, 5 or 10 times a power of ten. */
function niceCeil(max: number): number {
  if (max <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((step) => step * power >= max) ?? 10) * power;
}

/**
 * The value axis' room for its longest label (the top one), so neither "R$ 1.150 mil" nor "R$ 75 mil" is
 * clipped at the chart's edge: the labels of the largest value and of the tick above it, measured.
 */
function valueLabelWidth(data: object[], keys: string[], format: (value: number) => string): number {
  const max = Math.max(
    0,
    ...data.flatMap((row) => keys.map((key) => Number((row as Record<string, unknown>)[key]) || 0)),
  );
  const longest = Math.max(...[0, max, niceCeil(max)].map((v) => format(v).length));
  return Math.ceil(longest * CHAR_PX) + 12;
}

/**
 * The one chart shape of the reports screen: bars by category, one series or several side by side, values on
 * hover. Only files under the reports route import recharts, so it loads with that route alone.
 */
export default function BarsChart<Row extends object>({
  data,
  category,
  series,
  horizontal,
  extra,
}: {
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
  const valueAxis = {
    allowDecimals: false,
    tick: AXIS,
    tickFormatter: (v: number) => first.format(v),
    stroke: 'var(--border)',
  };
  const labelWidth = valueLabelWidth(
    data,
    series.map((s) => s.key),
    first.format,
  );
  // Every label while they fit (forecast buckets, types); first and last ones kept on long time series.
  const categoryAxis = {
    dataKey: category as string,
    tick: AXIS,
    stroke: 'var(--border)',
    interval: data.length > 12 ? ('preserveStartEnd' as const) : 0,
  };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data as Record<string, unknown>[]}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 12, right: horizontal ? Math.max(16, labelWidth / 2) : 16, bottom: 0, left: 8 }}
      >
        <CartesianGrid
          stroke="var(--border)"
          strokeDasharray="3 3"
          horizontal={!horizontal}
          vertical={Boolean(horizontal)}
        />
        {horizontal ? (
          <>
            <XAxis type="number" {...valueAxis} />
            <YAxis type="category" width={110} {...categoryAxis} />
          </>
        ) : (
          <>
            <XAxis type="category" {...categoryAxis} />
            <YAxis type="number" width={Math.max(48, labelWidth)} {...valueAxis} />
          </>
        )}
        <Tooltip
          cursor={{ fill: 'var(--muted)', opacity: 0.6 }}
          contentStyle={{
            background: 'var(--surface)',
            border: '1px solid var(--border)',
            borderRadius: 6,
            color: 'var(--foreground)',
          }}
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
          <Bar
            key={s.key}
            dataKey={s.key as string}
            name={s.label}
            fill={s.color}
            radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
