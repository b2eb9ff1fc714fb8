import { PinnedFieldValues } from '../../../components/records/custom-field-list';
import { Globe, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CardTags,
  OwnerInitials,
  RECORD_CARD_CLASS,
  RecordCardName,
  RecordPageLink,
} from '../../../components/records/record-card';
import { Badge } from '../../../components/ui/badge';
import { telLink } from '../../../lib/phone-links';
import type { Company } from '../api/get-companies';
import { websiteLabel } from '../company-format';

/**
 * One company. The name is the button that opens it for editing (stretched over the card), its page and the links
 * stay links above it: no control inside another.
 */
export function CompanyCard({ company, onOpen }: { company: Company; onOpen: (company: Company) => void }) {
  const { t } = useTranslation();
  const place = [company.city, company.uf].filter(Boolean).join('/');
  const subtitle = [company.tradeName, company.segment].filter(Boolean).join(' · ');
  const link =
    'relative z-10 inline-flex min-w-0 items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-ring';
  return (
    <article data-testid="company-card" className={RECORD_CARD_CLASS}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <RecordCardName name={company.name} onOpen={() => onOpen(company)} testId="company-card-name" />
          {subtitle && (
            <p className="truncate text-sm text-muted-foreground" title={subtitle}>
              {subtitle}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {company.size && <Badge tone="primary">{t(`companies.size.${company.size}`)}</Badge>}
          <RecordPageLink to={`/crm/companies/${company.id}`} label={t('companyPage.open', { name: company.name })} />
        </div>
      </div>
      <div className="grid gap-1">
        {company.cnpj && (
          <p className="text-sm text-muted-foreground tabular-nums">
            <span className="sr-only">{t('companies.fields.cnpj')}: </span>
            {company.cnpj}
          </p>
        )}
        {place && (
          <p className="inline-flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{place}</span>
          </p>
        )}
        {company.phone && (
          <a href={telLink(company.phone)} className={link}>
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{company.phone}</span>
          </a>
        )}
        {company.website && (
          <a href={company.website} target="_blank" rel="noopener noreferrer" className={link}>
            <Globe className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{websiteLabel(company.website)}</span>
          </a>
        )}
      </div>
      <PinnedFieldValues entity="company" values={company.customFields} />
      <div className="mt-auto flex items-center justify-between gap-3">
        <CardTags tags={company.tags} label={t('companies.fields.tags')} />
        {company.ownerName && <OwnerInitials name={company.ownerName} />}
      </div>
    </article>
  );
}
