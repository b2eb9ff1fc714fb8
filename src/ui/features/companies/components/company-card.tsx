import { Globe, MapPin, Phone, SquareArrowOutUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { initialsOf } from '../../../lib/format';
import { telLink } from '../../../lib/phone-links';
import type { Company } from '../api/get-companies';
import { websiteLabel } from '../company-format';

export const MAX_CARD_TAGS = 2;

/**
 * One company. The name is the button that opens it for editing (stretched over the card), its page and the links
 * stay links above it: no control inside another.
 */
export function CompanyCard({ company, onOpen }: { company: Company; onOpen: (company: Company) => void }) {
  const { t } = useTranslation();
  const extraTags = company.tags.length - MAX_CARD_TAGS;
  const place = [company.city, company.uf].filter(Boolean).join('/');
  const subtitle = [company.tradeName, company.segment].filter(Boolean).join(' · ');
  const link =
    'relative z-10 inline-flex min-w-0 items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-ring';
  return (
    <article
      data-testid="company-card"
      className="relative flex h-full min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-foreground shadow-sm transition-colors focus-within:border-primary hover:border-primary/60"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {/* The button itself truncates: cut inside an h2 that does, an inline-block is clipped with no ellipsis. */}
          <h2 className="text-base font-semibold">
            <button
              type="button"
              onClick={() => onOpen(company)}
              title={company.name}
              data-testid="company-card-name"
              className="block w-full truncate text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
            >
              {company.name}
            </button>
          </h2>
          {subtitle && (
            <p className="truncate text-sm text-muted-foreground" title={subtitle}>
              {subtitle}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {company.size && <Badge tone="primary">{t(`companies.size.${company.size}`)}</Badge>}
          <Link
            to={`/crm/companies/${company.id}`}
            aria-label={t('companyPage.open', { name: company.name })}
            title={t('companyPage.open', { name: company.name })}
            className="relative z-10 flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
          >
            <SquareArrowOutUpRight className="h-4 w-4" aria-hidden="true" />
          </Link>
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
      <div className="mt-auto flex items-center justify-between gap-3">
        <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label={t('companies.fields.tags')}>
          {company.tags.slice(0, MAX_CARD_TAGS).map((tag) => (
            <li key={tag}>
              <Badge className="max-w-32 truncate">{tag}</Badge>
            </li>
          ))}
          {extraTags > 0 && (
            <li>
              <Badge>
                <span aria-hidden="true">+{extraTags}</span>
                <span className="sr-only">{t('contacts.card.moreTags', { count: extraTags })}</span>
              </Badge>
            </li>
          )}
        </ul>
        {company.ownerName && (
          <span
            className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary"
            title={company.ownerName}
            aria-label={t('contacts.card.owner', { name: company.ownerName })}
            role="img"
          >
            {initialsOf(company.ownerName)}
          </span>
        )}
      </div>
    </article>
  );
}
