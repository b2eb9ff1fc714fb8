import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RetryLaterError } from '../domain/shared/retry-later.error';
import type { Limits } from '../infrastructure/limits';

interface Waiter {
  res: Response;
  next: NextFunction;
  timer: NodeJS.Timeout;
  gone: () => void;
}

/** One user's (or one anonymous address's) requests: how many run, and those waiting their turn. */
interface Lane {
  active: number;
  waiting: Waiter[];
  /** Bound once per lane: a request's 'close' listener allocates nothing. */
  release: () => void;
}

/** One concurrency limit's requests across its lanes: running, and waiting their turn. */
export interface LaneLoad {
  running: number;
  queued: number;
}

const tooMany = () =>
  new RetryLaterError('REQUEST.TOO_MANY_AT_ONCE', 'Too many requests at once; wait for the ones in progress', 1);

/**
 * At most `concurrentPerUser` API requests of one lane run at once; the next `queuedPerUser` wait their turn
 * (at most `queueWaitMs`), and one more answers 429 with Retry-After. So one user's flood queues behind
 * itself while everybody else's requests pass. `laneOf` names a request's lane (its session, its user or its
 * address), or none to let it through. A request costs a Map lookup and a 'close' listener; a lane is
 * dropped once idle.
 */
export function concurrencyLimit(
  limits: Pick<Limits, 'concurrentPerUser' | 'queuedPerUser' | 'queueWaitMs'>,
  laneOf: (req: Request) => string | undefined,
): RequestHandler & { load(): LaneLoad } {
  const lanes = new Map<string, Lane>();

  const lane = (key: string): Lane => {
    const l: Lane = {
      active: 0,
      waiting: [],
      release: () => {
        l.active -= 1;
        const waiter = l.waiting.shift();
        if (waiter) {
          clearTimeout(waiter.timer);
          waiter.res.off('close', waiter.gone);
          start(l, waiter.res, waiter.next);
        } else if (l.active === 0) lanes.delete(key);
      },
    };
    return l;
  };

  const start = (l: Lane, res: Response, next: NextFunction) => {
    l.active += 1;
    res.once('close', l.release);
    next();
  };

  const handler: RequestHandler = (req, res, next) => {
    // A client gone before its turn (e.g. while its session was looked up): its 'close' has been emitted
    // already and would never give the place back. It holds none; what is left of its request runs as usual.
    if (res.closed) return next();
    const key = laneOf(req);
    if (key === undefined) return next();
    let l = lanes.get(key);
    if (!l) lanes.set(key, (l = lane(key)));
    if (l.active < limits.concurrentPerUser) return start(l, res, next);
    if (l.waiting.length >= limits.queuedPerUser) return next(tooMany());
    const owner = l;
    const waiter: Waiter = {
      res,
      next,
      gone: () => {
        // The client left while waiting: its turn goes to nobody.
        clearTimeout(waiter.timer);
        owner.waiting.splice(owner.waiting.indexOf(waiter), 1);
      },
      timer: setTimeout(() => {
        res.off('close', waiter.gone);
        owner.waiting.splice(owner.waiting.indexOf(waiter), 1);
        next(tooMany());
      }, limits.queueWaitMs),
    };
    res.once('close', waiter.gone);
    owner.waiting.push(waiter);
  };
  /** Requests running and waiting across the lanes (for the metrics, when scraped): idle lanes are gone already. */
  const load = (): LaneLoad => {
    const total = { running: 0, queued: 0 };
    for (const l of lanes.values()) {
      total.running += l.active;
      total.queued += l.waiting.length;
    }
    return total;
  };
  return Object.assign(handler, { load });
}
