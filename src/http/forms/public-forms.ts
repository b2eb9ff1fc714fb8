import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import Joi from 'joi';
import {
  FORM_HONEYPOT,
  FORM_RATE_PER_ADDRESS,
  FORM_RATE_PER_FORM,
  FORM_SHOWN_AT,
  SLUG_PATTERN,
  type FormContactField,
  type LeadForm,
  type Submission,
} from '../../domain/forms/lead-form';
import type { FormsService } from '../../domain/forms/forms.service';
import { AppError } from '../../domain/shared/app-error';
import type { RateLimiter } from '../../domain/users/users.ports';
import { contactFieldSchemas } from '../crm/contacts.schemas';
import { ERROR_STATUS } from '../errors';
import { validate } from '../route';
import { embedScript, formPage, resultPage, type FormLanguage } from './form-markup';

/** A form's body: a few short fields; anything larger is not a person's. */
export const FORM_BODY_LIMIT = '16kb';
const CUSTOM_VALUE = Joi.alternatives(
  Joi.string().trim().max(2000).allow(''),
  Joi.number(),
  Joi.boolean(),
  Joi.array().items(Joi.string().trim().max(200)).max(50),
);
const truthy = Joi.boolean().truthy('on', '1', 'yes', 'sim').falsy('', '0', 'off', 'no', 'nao', 'não');

/** The body a form takes: its own fields (each checked as the contact's), the consent box, the honeypot and `_t`. */
function bodySchema(form: LeadForm): Joi.ObjectSchema {
  const keys: Joi.PartialSchemaMap = {
    consent: truthy.default(false),
    [FORM_HONEYPOT]: Joi.string().max(500).allow(''),
    [FORM_SHOWN_AT]: Joi.number().integer().min(0),
  };
  for (const { field } of form.fields)
    keys[field] = field.startsWith('customFields.')
      ? CUSTOM_VALUE
      : (contactFieldSchemas[field as FormContactField] as Joi.Schema).allow('');
  return Joi.object(keys).unknown(false);
}

const slugParams = Joi.object({ slug: Joi.string().pattern(SLUG_PATTERN).required() });

/** The page's language: English when the browser puts it first, else Portuguese. */
const languageOf = (req: Request): FormLanguage => (req.acceptsLanguages('pt', 'en') === 'en' ? 'en' : 'pt');

/** A plain HTML form's post (not the script's JSON): answered with a page or a redirect. */
const isPlainPost = (req: Request) =>
  req.method === 'POST' && typeof req.is('application/x-www-form-urlencoded') === 'string';

/**
 * The public side of web-to-lead forms, under `/f`: `GET /f/:slug` (a page with the form), `GET /f/:slug/embed.js`
 * (the script a site embeds), `POST /f/:slug` (JSON from the script, or form-encoded from a plain HTML form) and its
 * CORS preflight. No session, cookie or cross-site check: any site may send a form, unless the form lists the origins
 * that may (`allowedOrigins`). Each address may send 10 a minute and each form take 300 a minute; a body is at most 16 KB.
 */
export function publicForms(forms: FormsService, limiter: RateLimiter, publicUrl: string | undefined): Router {
  const router = express.Router({ strict: true });
  const action = (req: Request, slug: string) =>
    `${(publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '')}/f/${slug}`;

  const load = async (req: Request, res: Response): Promise<LeadForm> => {
    const { params } = validate({ params: slugParams }, req) as { params: { slug: string } };
    const form = await forms.published(params.slug);
    res.locals.form = form;
    return form;
  };

  /** Every answer may be read by the page that asked, when the form lets that site send it. */
  const cors: RequestHandler = (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Vary', 'Origin');
    next();
  };
  const allowOrigin = (req: Request, res: Response, form: LeadForm) => {
    const origin = req.headers.origin;
    if (origin && forms.allows(form, origin)) res.setHeader('Access-Control-Allow-Origin', origin);
  };

  const rateLimit = async (req: Request, res: Response, key: string, rule: typeof FORM_RATE_PER_FORM) => {
    const decision = await limiter.consume([{ key, limit: rule.limit, windowMs: rule.windowMs }]);
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfter));
      throw new AppError('REQUEST.RATE_LIMITED', `Too many forms sent: try again in ${decision.retryAfter} s`);
    }
  };

  router.use(cors);
  router.options('/:slug', async (req, res, next) => {
    try {
      const form = await load(req, res);
      allowOrigin(req, res, form);
      res.setHeader('Access-Control-Allow-Methods', 'POST');
      res.setHeader('Access-Control-Allow-Headers', 'content-type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });
  router.get('/:slug/embed.js', async (req, res, next) => {
    try {
      const form = await load(req, res);
      // Loaded by every page view of the sites that embed it: kept by browsers, but asked again each time (a form
      // paused or changed shows so at once); unchanged, it is a 304 with no body.
      const script = embedScript(form, action(req, form.slug), await forms.inputFields());
      const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) return void res.status(304).end();
      res.type('application/javascript').send(script);
    } catch (error) {
      next(error);
    }
  });
  router.get('/:slug', async (req, res, next) => {
    try {
      const form = await load(req, res);
      const ancestors = form.allowedOrigins.length ? form.allowedOrigins.join(' ') : '*';
      // A form that sends the browser on after it (redirectUrl) needs that site among its form actions too.
      const actions = ["'self'", ...(form.redirectUrl ? [new URL(form.redirectUrl).origin] : [])].join(' ');
      res.setHeader(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${actions}; frame-ancestors ${ancestors}; base-uri 'none'`,
      );
      res.removeHeader('X-Frame-Options');
      res
        .type('html')
        .send(formPage(form, action(req, form.slug), languageOf(req), Date.now(), await forms.inputFields()));
    } catch (error) {
      next(error);
    }
  });
  router.post(
    '/:slug',
    async (req, _res, next) => {
      try {
        await rateLimit(req, _res, `form-address:${req.ip}`, FORM_RATE_PER_ADDRESS);
        next();
      } catch (error) {
        next(error);
      }
    },
    express.json({ limit: FORM_BODY_LIMIT, strict: true }),
    express.urlencoded({ limit: FORM_BODY_LIMIT, extended: false, parameterLimit: 60 }),
    async (req, res, next) => {
      try {
        const form = await load(req, res);
        allowOrigin(req, res, form);
        await rateLimit(req, res, `form:${form.id}`, FORM_RATE_PER_FORM);
        if (!req.is('application/json') && !req.is('application/x-www-form-urlencoded'))
          throw new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Send the form as JSON or form-encoded');
        const { body } = validate({ body: bodySchema(form) }, req) as { body: Record<string, unknown> };
        const values: Submission['values'] = {};
        const custom: Record<string, unknown> = {};
        for (const { field } of form.fields) {
          const value = body[field];
          if (value === undefined) continue;
          if (field.startsWith('customFields.')) custom[field.slice('customFields.'.length)] = value;
          else values[field as FormContactField] = value as string;
        }
        if (Object.keys(custom).length) values.customFields = custom;
        const result = await forms.submit(
          form,
          {
            values,
            consent: body.consent === true,
            website: body[FORM_HONEYPOT] as string | undefined,
            shownAt: body[FORM_SHOWN_AT] as number | undefined,
          },
          {
            address: req.ip ?? null,
            userAgent: req.get('user-agent')?.slice(0, 500) ?? null,
            origin: req.headers.origin ?? null,
          },
        );
        if (!isPlainPost(req))
          return void res.status(201).json({ ok: true, thankYou: result.thankYou, redirectUrl: result.redirectUrl });
        if (result.redirectUrl) return res.redirect(303, result.redirectUrl);
        res
          .status(201)
          .type('html')
          .send(resultPage(form, languageOf(req)));
      } catch (error) {
        next(error);
      }
    },
  );
  // A plain form's error is a page with a way back; the script's, the API's JSON error.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const form = res.locals.form as LeadForm | undefined;
    if (!form || !isPlainPost(req) || !(error instanceof AppError) || error.code === 'REQUEST.RATE_LIMITED')
      return next(error);
    const details = Array.isArray(error.details) ? error.details.map((d) => d.message).join('; ') : error.message;
    res.status(ERROR_STATUS[error.code]).type('html');
    res.send(resultPage(form, languageOf(req), details));
  });
  return router;
}
