import Joi from 'joi';
import { ROLES } from '../../domain/users/user';
import { responseObject } from '../response.schemas';

/** How a dependency is doing (health.ts CheckResult); also the dashboard's status panel. */
export const checkStatus = Joi.string().valid('up', 'warning', 'down');

export const systemResponses = {
  live: responseObject({ status: Joi.valid('ok') }),
  ready: responseObject({
    status: Joi.string().valid('ready', 'unavailable'),
    checks: Joi.array().items(
      responseObject({ name: Joi.string(), status: checkStatus, detail: Joi.string().optional() }),
    ),
  }).description('Also the body of the 503, with status unavailable'),
  demoCredentials: responseObject({
    demo: Joi.boolean(),
    credentials: Joi.array()
      .items(responseObject({ role: Joi.string().valid(...ROLES), username: Joi.string(), password: Joi.string() }))
      .description('Empty outside demo mode'),
  }),
};
