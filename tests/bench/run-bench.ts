import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchSection, BenchSectionRun } from './support/section';
import * as SECTIONS from './sections/index';

/**
 * `npm run bench`: runs the sections of tests/bench/sections/index.ts in turn (each makes and drops its own
 * database on PostgreSQL, or its own embedded data), then writes bench/results.md and bench/results.json.
 *
 * - BENCH_QUICK=1: small data, one short round: checks the bench itself works (figures mean little).
 * - BENCH_ONLY=http,embedded: only these sections (their names in sections/index.ts).
 * - DATABASE_URL / REDIS_URL: the PostgreSQL server and Redis to use (default: the local ones).
 * - BENCH_OUT: where to write the markdown (the JSON beside it); default bench/results.md.
 * - BENCH_KEEP=1: the sections' PostgreSQL databases are kept (their names printed), to EXPLAIN what they ran.
 * - BENCH_MERGE=1 (with BENCH_ONLY): the sections run replace theirs in the existing results; the others are kept,
 *   each with the time it ran.
 *
 * A section that fails is reported as failed in both files and the others still run; the exit code is then 1.
 * Figures are measurements, never assertions: a missed target does not fail the run.
 */
interface SectionResult extends Partial<BenchSection> {
  name: string;
  seconds: number;
  /** When the section ran (ISO time). */
  ranAt?: string;
  error?: string;
}

const quick = process.env.BENCH_QUICK === '1';
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const all = Object.entries(SECTIONS as Record<string, BenchSectionRun>);
const unknown = only.filter((name) => !all.some(([n]) => n === name));
if (unknown.length) {
  console.error(`BENCH_ONLY: no section named ${unknown.join(', ')} (there are: ${all.map(([n]) => n).join(', ')})`);
  process.exit(2);
}
const chosen = all.filter(([name]) => !only.length || only.includes(name));

const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown CPU',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};
const startedAt = new Date();
const results: SectionResult[] = [];

for (const [name, run] of chosen) {
  const ctx: BenchContext = {
    postgresUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    quick,
    log: (message) => console.log(`[bench ${name}] ${message}`),
  };
  const started = performance.now();
  const ranAt = new Date().toISOString();
  ctx.log(quick ? 'starting (quick)' : 'starting');
  try {
    const section = await run(ctx);
    results.push({ name, ...section, ranAt, seconds: (performance.now() - started) / 1000 });
    console.log(sectionMarkdown(results.at(-1)!));
  } catch (error) {
    console.error(error);
    results.push({
      name,
      ranAt,
      seconds: (performance.now() - started) / 1000,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  ctx.log(`done in ${Math.round(results.at(-1)!.seconds)} s`);
}

const out = path.resolve(process.env.BENCH_OUT ?? 'bench/results.md');
const json = out.replace(/\.md$/, '') + '.json';
// BENCH_MERGE=1: the earlier run's other sections are kept, in the sections' order.
const previous =
  process.env.BENCH_MERGE === '1' && existsSync(json)
    ? (JSON.parse(readFileSync(json, 'utf8')) as { startedAt: string; sections: SectionResult[] })
    : undefined;
const sections = previous
  ? all.flatMap(
      ([name]) =>
        results.find((r) => r.name === name) ??
        previous.sections.filter((r) => r.name === name).map((r) => ({ ...r, ranAt: r.ranAt ?? previous.startedAt })),
    )
  : results;
const totalSeconds = (Date.now() - startedAt.getTime()) / 1000;
const targets = sections.flatMap((r) => (r.rows ?? []).flatMap((row) => (row.target ? [row.target] : [])));
const met = targets.filter((t) => t.met).length;
const markdown = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (tests/bench/run-bench.ts and tests/bench/sections). Figures from one run on a shared',
  'machine: compare runs on the same machine only.',
  '',
  `- Machine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}`,
  previous
    ? `- Run: ${previous.startedAt}, then ${results.map((r) => r.name).join(', ')} again at ${startedAt.toISOString()} (BENCH_MERGE=1)`
    : `- Run: ${startedAt.toISOString()}, ${Math.round(totalSeconds / 60)} min${quick ? ' (BENCH_QUICK=1: small data, one short round; not figures to quote)' : ''}`,
  `- Sections: ${sections.map((r) => `${r.name} (${Math.round(r.seconds)} s${r.error ? ', FAILED' : ''}${previous && r.ranAt ? `, ran ${r.ranAt.slice(0, 16).replace('T', ' ')} UTC` : ''})`).join(', ')}`,
  `- Targets: ${met} of ${targets.length} met${targets.length > met ? ` (missed: ${sections.flatMap((r) => (r.rows ?? []).filter((row) => row.target && !row.target.met).map((row) => `${r.title ?? r.name}: ${row.measure}`)).join('; ')})` : ''}`,
  '',
  ...sections.map(sectionMarkdown),
].join('\n');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, markdown.replace(/\n{3,}/g, '\n\n'));
writeFileSync(
  json,
  JSON.stringify(
    { startedAt: previous?.startedAt ?? startedAt.toISOString(), totalSeconds, quick, machine, sections },
    null,
    2,
  ) + '\n',
);
console.log(
  `[bench] ${met} of ${targets.length} targets met; written to ${out} and ${json} in ${Math.round(totalSeconds)} s`,
);
process.exit(results.some((r) => r.error) ? 1 : 0);

function sectionMarkdown(result: SectionResult): string {
  const lines = [`## ${result.title ?? result.name}`, ''];
  if (result.error) return [...lines, `FAILED after ${Math.round(result.seconds)} s: ${result.error}`, ''].join('\n');
  lines.push(...(result.setup ?? []).map((line) => `- ${line}`), `- Took ${Math.round(result.seconds)} s`, '');
  const rows = result.rows ?? [];
  if (!rows.length) return lines.join('\n');
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
  const withTargets = rows.some((row) => row.target);
  const cell = (value: unknown) => String(value ?? '').replace(/\|/g, '\\|');
  lines.push(
    `| Measure | ${columns.join(' | ')}${withTargets ? ' | Target |' : ' |'}`,
    `| --- |${' --- |'.repeat(columns.length + (withTargets ? 1 : 0))}`,
    ...rows.map(
      (row) =>
        `| ${cell(row.measure)} | ${columns.map((c) => cell(row.values[c])).join(' | ')}${withTargets ? ` | ${row.target ? `${row.target.met ? 'met' : '**missed**'}: ${cell(row.target.text)}` : ''} |` : ' |'}`,
    ),
    '',
  );
  return lines.join('\n');
}
