import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import type { ContactImport } from '../api/get-contact-import';

type Stated = NonNullable<ContactImport['privacy']>;
type Basis = NonNullable<Stated['legalBasis']>;
type Channel = Stated['consentChannels'][number];

const BASES: Basis[] = ['consent', 'contract', 'legitimate_interest', 'legal_obligation', 'credit_protection', 'other'];
const CHANNELS: Channel[] = ['email', 'whatsapp', 'phone'];
/** The select's value for "not stated" (a Radix select item cannot have an empty value). */
const NONE = 'none';

/** What the import records for every contact of the file (LGPD): a legal basis, and consent with its text. */
export interface ImportPrivacy {
  legalBasis: Basis | null;
  consentChannels: Channel[];
  consentText: string;
}

export const NO_PRIVACY: ImportPrivacy = { legalBasis: null, consentChannels: [], consentText: '' };

/** A consent needs the text the people were shown. */
export const privacyReady = (privacy: ImportPrivacy): boolean =>
  privacy.consentChannels.length === 0 || privacy.consentText.trim().length > 0;

/** The upload's text fields for the choice (none when nothing is stated). */
export function privacyFields(privacy: ImportPrivacy): Record<string, string> {
  return {
    ...(privacy.legalBasis && { legalBasis: privacy.legalBasis }),
    ...(privacy.consentChannels.length > 0 && {
      consentChannels: JSON.stringify(privacy.consentChannels),
      consentText: privacy.consentText.trim(),
    }),
  };
}

/** The wizard's LGPD question: on which basis these people's data is processed, and what they consented to. */
export function ImportPrivacyChoice({
  value,
  onChange,
}: {
  value: ImportPrivacy;
  onChange: (value: ImportPrivacy) => void;
}) {
  const { t } = useTranslation();
  const toggle = (channel: Channel, on: boolean) =>
    onChange({
      ...value,
      consentChannels: on
        ? [...value.consentChannels.filter((c) => c !== channel), channel]
        : value.consentChannels.filter((c) => c !== channel),
    });
  const needsText = value.consentChannels.length > 0 && !value.consentText.trim();
  return (
    <fieldset className="rounded-lg border border-border bg-surface p-4" data-testid="import-privacy">
      <legend className="px-1 text-sm font-medium text-foreground">{t('contactImport.privacy.legend')}</legend>
      <p className="mb-4 text-sm text-muted-foreground">{t('contactImport.privacy.hint')}</p>
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="import-legal-basis" className="text-sm font-medium text-foreground">
          {t('contactImport.privacy.basis')}
        </label>
        <Select
          id="import-legal-basis"
          value={value.legalBasis ?? NONE}
          onValueChange={(basis) => onChange({ ...value, legalBasis: basis === NONE ? null : (basis as Basis) })}
          options={[
            { value: NONE, label: t('contactImport.privacy.noBasis') },
            ...BASES.map((basis) => ({ value: basis, label: t(`privacy.bases.${basis}`) })),
          ]}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium text-foreground">{t('contactImport.privacy.consent')}</legend>
        <ul className="flex flex-wrap gap-4">
          {CHANNELS.map((channel) => {
            const id = `import-consent-${channel}`;
            return (
              <li key={channel} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={value.consentChannels.includes(channel)}
                  onCheckedChange={(on) => toggle(channel, on === true)}
                />
                <label htmlFor={id} className="text-sm text-foreground">
                  {t(`privacy.channels.${channel}`)}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {value.consentChannels.length > 0 && (
        <div className="mt-4 grid gap-1.5">
          <label htmlFor="import-consent-text" className="text-sm font-medium text-foreground">
            {t('contactImport.privacy.text')}
          </label>
          <Textarea
            id="import-consent-text"
            value={value.consentText}
            maxLength={2000}
            aria-invalid={needsText}
            aria-describedby="import-consent-text-hint"
            onChange={(event) => onChange({ ...value, consentText: event.target.value })}
          />
          <p id="import-consent-text-hint" className="text-xs text-muted-foreground">
            {t('contactImport.privacy.textHint')}
          </p>
        </div>
      )}
    </fieldset>
  );
}
