import Joi from 'joi';
import { DUPLICATE_GROUP_REASONS, type DuplicateGroup, type DuplicateMember } from '../../domain/merge/duplicates';
import { MERGE_KINDS, MERGE_MAX, type MergeRequest } from '../../domain/merge/merge';
import { MERGE_FIELDS } from '../../domain/merge/merge.service';
import { LIST_LIMIT_MAX, type PageRequest } from '../../domain/shared/list-page';
import { id, nextCursor, responseObject, timestamp } from '../response.schemas';
import { recordId } from './crm.schemas';

const ids = (max: number) => Joi.array().items(recordId).min(1).max(max);

export const mergeSchemas = {
  /** A page of groups: 20 by default (each is several records). */
  query: Joi.object<Pick<PageRequest, 'limit' | 'cursor'>, true>({
    limit: Joi.number().integer().min(1).max(LIST_LIMIT_MAX).default(20),
    cursor: Joi.string()
      .max(200)
      .pattern(/^[A-Za-z0-9_-]+$/)
      .description('nextCursor of the previous page'),
  }),
  page: responseObject({
    items: Joi.array().items(
      responseObject({
        kind: Joi.string().valid(...MERGE_KINDS),
        reason: Joi.string()
          .valid(...new Set(Object.values(DUPLICATE_GROUP_REASONS).flat()))
          .description(
            'contacts: email, phone (however written) or name (similar, in the same company); companies: cnpjRoot ' +
              '(the same first 8 characters: branches of one organization), emailDomain or name (equal once case, ' +
              'accents, punctuation and the legal form are set aside)',
          ),
        confidence: Joi.number().min(0).max(1).description('Surest first'),
        key: Joi.string().description('What the records share'),
        members: Joi.array().items(
          responseObject({
            id,
            name: Joi.string(),
            detail: Joi.string().allow(null).description('A contact’s e-mail; a company’s CNPJ'),
            detail2: Joi.string().allow(null).description('A contact’s phone; a company’s e-mail domain'),
            detail3: Joi.string().allow(null).description('A contact’s company; a company’s city'),
            ownerId: id.allow(null),
            ownerName: Joi.string().allow(null),
            createdBy: id.allow(null),
            createdAt: timestamp,
          } satisfies Joi.StrictSchemaMap<DuplicateMember>),
        ),
      } satisfies Joi.StrictSchemaMap<DuplicateGroup>),
    ),
    nextCursor,
  }),
  dismiss: Joi.object<{ ids: number[] }, true>({
    ids: ids(MERGE_MAX + 1)
      .min(2)
      .unique()
      .required()
      .description('The records of a group: every pair of them is remembered as not a duplicate'),
  }),
  merge: (kind: (typeof MERGE_KINDS)[number]) =>
    Joi.object<MergeRequest, true>({
      keepId: recordId.required().description('The record that stays'),
      mergeIds: ids(MERGE_MAX)
        .required()
        .description('The records merged into it and then deleted (their deals, activities, notes and history move)'),
      fields: Joi.object(Object.fromEntries(MERGE_FIELDS[kind].map((field) => [field, recordId])))
        .default({})
        .description(
          'For each field, the id of the record whose value the kept one takes; a field left out keeps the kept ' +
            'record’s value (or the first merged one’s when it has none); tags are joined',
        ),
    }),
};
