import type { RequestHandler } from 'express';
import type { ResponseTimeStats } from '../../domain/dashboard/dashboard.service';

/** The last N API response times, for the dashboard's median. In memory: per process, reset at start. */
export class ResponseTimes implements ResponseTimeStats {
  private readonly samples: number[] = [];
  private next = 0;

  constructor(private readonly capacity = 1000) {}

  record(ms: number): void {
    if (this.samples.length < this.capacity) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
  }

  summary(): { medianMs: number | null; samples: number } {
    if (this.samples.length === 0) return { medianMs: null, samples: 0 };
    const sorted = [...this.samples].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    return { medianMs: Math.round(median * 10) / 10, samples: sorted.length };
  }

  middleware(): RequestHandler {
    return (_req, res, next) => {
      const start = process.hrtime.bigint();
      res.once('finish', () => this.record(Number(process.hrtime.bigint() - start) / 1e6));
      next();
    };
  }
}
