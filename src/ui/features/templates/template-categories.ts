import type { TFunction } from 'i18next';

/** The seeded samples' categories, offered by the filter and the editor (a category typed through the API shows as written). */
export const TEMPLATE_CATEGORIES = ['welcome', 'follow_up', 'meeting', 'proposal', 'marketing'] as const;

export const categoryLabel = (category: string, t: TFunction): string =>
  t(`templates.categories.${category}`, { defaultValue: category });
