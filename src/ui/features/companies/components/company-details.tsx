import { Building2, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CustomFieldList } from '../../../components/records/custom-field-list';
import { DetailField as Field } from '../../../components/records/record-page';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { telLink } from '../../../lib/phone-links';
import type { Company } from '../api/get-companies';
import { addressLine, websiteLabel } from '../company-format';

/** Name, trade name, CNPJ, size, segment and owner: the top of a company's page. */
export function CompanyHeading({ company }: { company: Company }) {
  const { t } = useTranslation();
  const subtitle = [company.tradeName, company.segment].filter(Boolean).join(' · ');
  return (
    <div className="flex min-w-0 items-start gap-4">
      <span
        className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary sm:flex"
        aria-hidden="true"
      >
        <Building2 className="h-7 w-7" />
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">{company.name}</h1>
        {subtitle && <p className="mt-0.5 text-sm break-words text-muted-foreground">{subtitle}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          {company.cnpj && (
            <Badge data-testid="company-cnpj" className="tabular-nums">
              {t('companies.fields.cnpj')} {company.cnpj}
            </Badge>
          )}
          {company.size && <Badge tone="primary">{t(`companies.size.${company.size}`)}</Badge>}
          <span className="text-muted-foreground">
            {t('companyPage.owner', { name: company.ownerName ?? t('contacts.noOwner') })}
          </span>
        </div>
      </div>
    </div>
  );
}

/** Every detail of the company, with ways to reach it: its phone, its website and its people's e-mail domain. */
export function CompanyFieldList({ company }: { company: Company }) {
  const { t } = useTranslation();
  const none = <span className="text-muted-foreground">{t('companyPage.none')}</span>;
  const link =
    'inline-flex max-w-full items-center gap-1.5 rounded-sm text-primary underline-offset-2 hover:underline focus-ring';
  const address = addressLine(company);
  return (
    <dl className="grid gap-4">
      <Field label={t('companies.fields.cnpj')}>
        {company.cnpj ? <span className="tabular-nums">{company.cnpj}</span> : none}
      </Field>
      <Field label={t('companies.fields.phone')}>
        {company.phone ? (
          <a href={telLink(company.phone)} className={link}>
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            {company.phone}
          </a>
        ) : (
          none
        )}
      </Field>
      <Field label={t('companies.fields.website')}>
        {company.website ? (
          <a href={company.website} target="_blank" rel="noopener noreferrer" className={link}>
            <Globe className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{websiteLabel(company.website)}</span>
            <span className="sr-only"> {t('companyPage.newTab')}</span>
          </a>
        ) : (
          none
        )}
      </Field>
      <Field label={t('companies.fields.emailDomain')}>
        {company.emailDomain ? (
          <span className="inline-flex items-center gap-1.5">
            <Mail className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />@{company.emailDomain}
          </span>
        ) : (
          none
        )}
      </Field>
      <Field label={t('companies.fields.address')}>
        {address ? (
          <span className="inline-flex items-start gap-1.5" data-testid="company-address">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {address}
          </span>
        ) : (
          none
        )}
      </Field>
      <Field label={t('companies.fields.segment')}>{company.segment || none}</Field>
      <Field label={t('companies.fields.tags')}>
        {company.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('companies.fields.tags')}>
            {company.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          none
        )}
      </Field>
      <Field label={t('companies.fields.notes')}>
        {company.notes ? <span className="whitespace-pre-wrap">{company.notes}</span> : none}
      </Field>
      <CustomFieldList entity="company" values={company.customFields} />
      <Field label={t('companyPage.createdAt')}>{formatDateTime(company.createdAt)}</Field>
      <Field label={t('companyPage.updatedAt')}>{formatDateTime(company.updatedAt)}</Field>
    </dl>
  );
}
