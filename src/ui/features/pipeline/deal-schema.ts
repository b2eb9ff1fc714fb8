import type { CustomField } from '../../lib/api/custom-fields';
import { customFieldsSchema } from '../../lib/custom-field-values';
import { z } from 'zod';
import type { ApiBody } from '../../lib/api-client';
import { parseMoney } from './money';

export { moneyInput, parseMoney } from './money';

export type DealContactRole = NonNullable<NonNullable<ApiBody<'/api/crm/deals', 'post'>['contacts']>[number]['role']>;

/** The parts a person plays in a deal, in the order the form offers them (the compiler checks none is missing). */
export const DEAL_CONTACT_ROLES = Object.keys({
  decision_maker: 0,
  influencer: 0,
  user: 0,
  technical: 0,
  financial: 0,
  other: 0,
} satisfies Record<DealContactRole, 0>) as [DealContactRole, ...DealContactRole[]];

// The server's bounds (deals.schemas.ts), checked here first so messages arrive translated.
export function dealSchema(
  t: (key: string, options?: Record<string, unknown>) => string,
  fields: readonly CustomField[] = [],
) {
  const text = (max: number) =>
    z
      .string()
      .trim()
      .max(max, t('validation.maxLength', { count: max }))
      .transform((value) => value || null);
  return z
    .object({
      title: z
        .string()
        .trim()
        .min(1, t('validation.required'))
        .max(200, t('validation.maxLength', { count: 200 })),
      value: z
        .string()
        .refine((value) => value.trim() === '' || parseMoney(value) !== null, t('dealForm.invalidValue'))
        .transform((value) => parseMoney(value) ?? '0'),
      /** The deal's pipeline: another one moves it there, into `stage`, one of that pipeline's stages. */
      pipeline: z.string().min(1, t('validation.required')),
      stage: z.string().min(1, t('validation.required')),
      /** Set by hand: sent as is and kept when the stage changes; otherwise null, the stage's (the server's rule). */
      probabilityManual: z.boolean(),
      // SPEC 5: a non-numeric entry becomes 0.
      probability: z
        .union([z.number(), z.nan()])
        .transform((value) => (Number.isNaN(value) ? 0 : value))
        .pipe(
          z
            .number()
            .int(t('dealForm.invalidProbability'))
            .min(0, t('dealForm.invalidProbability'))
            .max(100, t('dealForm.invalidProbability')),
        ),
      expectedCloseDate: z.string().transform((value) => value || null),
      companyId: z.number().nullable(),
      /** Everyone in the deal, each with a role; the one marked primary is the deal's contact. */
      contacts: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          role: z.enum(DEAL_CONTACT_ROLES),
          primary: z.boolean(),
        }),
      ),
      ownerId: z.number().nullable(),
      notes: text(10_000),
      lostReason: text(500),
      /** Whether the chosen stage is a lost one: then a reason is required. */
      lost: z.boolean(),
      /** The fields an admin added to deals (lib/custom-field-values.ts). */
      customFields: customFieldsSchema(fields, t).default({}),
      updatedAt: z.string().optional(),
    })
    .superRefine((values, ctx) => {
      if (values.lost && !values.lostReason)
        ctx.addIssue({ code: 'custom', path: ['lostReason'], message: t('dealForm.lostReasonRequired') });
    })
    .transform(({ probabilityManual, probability, ...values }) => ({
      ...values,
      probability: probabilityManual ? probability : null,
    }));
}
