import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middlewares run one after the other as one: what `app.use` of each would do (an error or a rejected promise
 * skips to the error handlers, `next('route')`/`next('router')` leave the sequence), without a router layer,
 * its path match and its bookkeeping per middleware per request.
 */
export function sequence(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let i = 0;
    const next = (error?: unknown) => {
      if (error !== undefined && error !== null)
        return done(error === 'route' || error === 'router' ? undefined : error);
      const handler = handlers[i++];
      if (!handler) return done();
      try {
        const result = handler(req, res, next) as unknown;
        if (result instanceof Promise) result.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e ?? new Error('Thrown undefined'));
      }
    };
    next();
  };
}
