/**
 * A strict reader of Prometheus's text exposition format (0.0.4), as a scraper reads it: throws, naming the line,
 * on anything Prometheus would refuse (a bad name, label or value, a sample before its TYPE or of no family, a
 * series twice, a histogram whose buckets are not cumulative or whose +Inf bucket is not its count).
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string, where: string): number {
  // As Go's ParseFloat reads them (Prometheus does): NaN and Inf in any case, with a sign for Inf.
  if (/^[+]?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: bad value "${text}"`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from index `at` (the brace): the labels and the index after the closing brace. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: unterminated labels`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: bad label name "${name}"`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name} value not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] !== '\\') {
        value += line[j];
        continue;
      }
      const escaped = line[++j];
      if (escaped === 'n') value += '\n';
      else if (escaped === '\\' || escaped === '"') value += escaped;
      else throw new Error(`${where}: bad escape \\${escaped} in label ${name}`);
    }
    if (j >= line.length) throw new Error(`${where}: unterminated value of label ${name}`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
  return { labels, end: i + 1 };
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const series = new Set<string>();
  if (text.length && !text.endsWith('\n')) throw new Error('the text does not end with a newline');
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((line, index) => {
    const where = `line ${index + 1} (${line.slice(0, 80)})`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // a comment
      const [, kind, name, rest] = match;
      if (!NAME.test(name)) throw new Error(`${where}: bad metric name`);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as MetricType)) throw new Error(`${where}: unknown type "${rest}"`);
        if (family.samples.length) throw new Error(`${where}: TYPE after its samples`);
        family.type = rest as MetricType;
      } else family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      families.set(name, family);
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: no value`);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`${where}: bad metric name "${name}"`);
    let labels: Record<string, string> = {};
    let rest = nameEnd;
    if (line[nameEnd] === '{') ({ labels, end: rest } = parseLabels(line, nameEnd, where));
    const fields = line.slice(rest).trim().split(/\s+/);
    if (line[rest] !== ' ' || fields.length < 1 || fields.length > 2) throw new Error(`${where}: expected a value`);
    const value = parseValue(fields[0], where);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`${where}: bad timestamp`);
    const family = [...families.values()].find((f) => SUFFIXES[f.type].some((suffix) => f.name + suffix === name));
    if (!family) throw new Error(`${where}: sample of no declared family`);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (series.has(key)) throw new Error(`${where}: the same series twice`);
    series.add(key);
    if (family.type === 'histogram' && name.endsWith('_bucket') && labels.le === undefined)
      throw new Error(`${where}: a bucket without le`);
    if ((family.type === 'counter' || name.endsWith('_count')) && !(value >= 0))
      throw new Error(`${where}: a count below zero`);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** Per series (labels but le): buckets never decrease as le grows, and the +Inf bucket is the count. */
function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name.endsWith('_bucket')) group.buckets.push([parseValue(le, family.name), sample.value]);
    else if (sample.name.endsWith('_count')) group.count = sample.value;
  }
  for (const [key, { buckets, count }] of groups) {
    buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < buckets.length; i++)
      if (buckets[i][1] < buckets[i - 1][1]) throw new Error(`${family.name}${key}: buckets not cumulative`);
    const inf = buckets.at(-1);
    if (!inf || inf[0] !== Infinity || inf[1] !== count)
      throw new Error(`${family.name}${key}: the +Inf bucket is not the count`);
  }
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values())
    for (const sample of family.samples)
      if (sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) return sample.value;
  return undefined;
}
