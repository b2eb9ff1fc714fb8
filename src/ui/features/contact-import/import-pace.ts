/** A reading of the import's progress: when, and how many rows were done. */
export interface Sample {
  at: number;
  rows: number;
}

/** Rows per second over the last samples (up to 15 s back), and seconds left at that pace; null until measurable. */
export function pace(samples: Sample[], total: number | null): { rate: number; secondsLeft: number | null } | null {
  if (samples.length < 2) return null;
  const last = samples[samples.length - 1];
  const first = samples.find((s) => last.at - s.at <= 15_000) ?? samples[0];
  const seconds = (last.at - first.at) / 1000;
  if (seconds <= 0 || last.rows <= first.rows) return null;
  const rate = (last.rows - first.rows) / seconds;
  return { rate, secondsLeft: total === null ? null : Math.max(0, (total - last.rows) / rate) };
}
