/**
 * One part of `npm run bench` (tests/bench/sections/<name>.ts exports `run`). The runner (tests/bench/run-bench.ts)
 * calls the sections in turn, each on its own database or data set as it needs, and writes bench/results.md and
 * bench/results.json from what they return. Figures are measurements, never assertions.
 */
export interface BenchTarget {
  /** The target in words, e.g. "p99 under 100 ms" or "at least 0.8x the bare server". */
  text: string;
  met: boolean;
}

export interface BenchRow {
  /** What was measured, e.g. "contacts search, rare term". */
  measure: string;
  /** Columns of this section's table, in order (same keys on every row of a section). */
  values: Record<string, string | number>;
  target?: BenchTarget;
}

export interface BenchSection {
  /** Heading of the section in results.md. */
  title: string;
  /** Set-up lines shown under the heading (database, data set, connections, rounds...). */
  setup: string[];
  rows: BenchRow[];
  /** Anything else worth keeping in results.json (raw rounds, per-request CPU...). */
  details?: unknown;
}

export interface BenchContext {
  /** postgres:// URL of a server the section may create databases on (each section makes and drops its own). */
  postgresUrl: string;
  redisUrl: string;
  /** BENCH_QUICK=1: a short run (smaller data, fewer rounds) to check the bench itself works. */
  quick: boolean;
  log(message: string): void;
}

export type BenchSectionRun = (ctx: BenchContext) => Promise<BenchSection>;
