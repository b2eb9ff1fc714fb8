import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Long versions (npm run reliability) or the bounded ones CI runs. */
export const LONG = process.env.RELIABILITY_LONG === '1';

/** Picks the bounded (CI) or the long value of a setting. */
export const scale = <T>(bounded: T, long: T): T => (LONG ? long : bounded);

export const FIGURES_FILE = path.resolve('artifacts', 'reliability', 'figures.jsonl');

export interface Figure {
  /** The part of the suite: permissions, bad-input, abuse, load, faults. */
  part: string;
  /** What was measured, in words a reader of the README understands. */
  name: string;
  value: number | string;
  /** ms, req, cases, s... */
  unit?: string;
}

/**
 * Prints a figure ("[figure] abuse · sign-ins let through of 50 · 5") and appends it to
 * artifacts/reliability/figures.jsonl, which scripts/reliability.mjs turns into the summary table.
 */
export function recordFigure(figure: Figure): void {
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ ...figure, long: LONG, at: new Date().toISOString() })}\n`);
  console.log(`[figure] ${figure.part} · ${figure.name} · ${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`);
}

/** Percentile of a list of numbers (nearest rank), e.g. percentile(latencies, 99). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
