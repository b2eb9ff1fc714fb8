import type { NextFunction, RequestHandler, Response } from 'express';
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

const tooMany = () => new RetryLaterError('REQUEST.TOO_MANY_AT_ONCE', 'Too many requests at once; wait for the ones in progress', 1);

/**
 * At most `concurrentPerUser` API requests of one signed-in user (anonymous ones: of one address) run at
 * once; the next `queuedPerUser` wait their turn (at most `queueWaitMs`), and one more answers 429 with
 * Retry-After. So one user's flood queues behind itself while everybody else's requests pass. Mounted after
 * the session is resolved; a request costs a Map lookup and a 'close' listener.
 */
export function concurrencyLimit(limits: Pick<Limits, 'concurrentPerUser' | 'queuedPerUser' | 'queueWaitMs'>): RequestHandler {
  const users = new Map<number, Lane>();
  const addresses = new Map<string, Lane>();

  const lane = (forget: () => void): Lane => {
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
        } else if (l.active === 0) forget();
      },
    };
    return l;
  };

  const start = (l: Lane, res: Response, next: NextFunction) => {
    l.active += 1;
    res.once('close', l.release);
    next();
  };

  return (req, res, next) => {
    const userId = req.auth?.user.id;
    let l: Lane | undefined;
    if (userId !== undefined) {
      l = users.get(userId);
      // A user's lane is kept (there are few users); an address's is dropped when idle.
      if (!l) users.set(userId, (l = lane(() => undefined)));
    } else {
      const address = req.ip ?? '';
      l = addresses.get(address);
      if (!l) addresses.set(address, (l = lane(() => addresses.delete(address))));
    }
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
}
