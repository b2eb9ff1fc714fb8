import type { ApiResponse } from '../../lib/api-client';

/** The CRMs whose exports the import wizards recognise (the preview's `preset`), by their own names. */
export type ImportPreset = NonNullable<ApiResponse<'/api/crm/contacts/import/preview', 'post'>['preset']>;

export const PRESET_PRODUCTS = {
  pipedrive: 'Pipedrive',
  rdstation: 'RD Station CRM',
  agendor: 'Agendor',
  hubspot: 'HubSpot',
} satisfies Record<ImportPreset, string>;

/** The mapping step's hint: which CRM's export the file is, when the preview recognised it; else the usual one. */
export function mappingHint(
  preset: ImportPreset | null | undefined,
  usual: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  return preset ? t('importPresets.recognised', { product: PRESET_PRODUCTS[preset] }) : usual;
}
