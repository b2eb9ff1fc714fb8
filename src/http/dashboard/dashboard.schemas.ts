import Joi from 'joi';
import type { DashboardService } from '../../domain/dashboard/dashboard.service';
import { SECURITY_CHECK_IDS } from '../../domain/users/security-score';
import { recentActivityItem } from '../crm/timeline.schemas';
import { count, responseObject } from '../response.schemas';
import { checkStatus } from '../system/system.schemas';

export const dashboardResponse = responseObject({
  users: count,
  activeSessions: count,
  security: responseObject({
    score: Joi.number().min(0).max(100).description('Share of the checks that pass, in percent'),
    checks: Joi.array().items(responseObject({ id: Joi.string().valid(...SECURITY_CHECK_IDS), passed: Joi.boolean() })),
  })
    .optional()
    .description('Admins only: the deployment’s security checks'),
  responseTime: responseObject({
    medianMs: Joi.number()
      .min(0)
      .allow(null)
      .description('Of the last API responses of this process; null before the first'),
    samples: count,
  }),
  status: Joi.array()
    .items(
      responseObject({
        name: Joi.string().valid('database', 'api', 'queue', 'security'),
        status: checkStatus,
        detail: Joi.string().optional(),
      }),
    )
    .description('security: admins only'),
  recentActivity: Joi.array().items(recentActivityItem).description('Newest first, what this user may see'),
} satisfies Joi.StrictSchemaMap<Awaited<ReturnType<DashboardService['figures']>>>);
