import { Mail, MessageCircle, Phone, SquareArrowOutUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import type { Contact, ContactStatus } from '../api/get-contacts';
import { initialsOf, telLink, whatsappLink } from '../contact-links';

export const MAX_CARD_TAGS = 2;

const STATUS_TONES: Record<ContactStatus, BadgeProps['tone']> = {
  lead: 'primary',
  prospect: 'warning',
  customer: 'success',
  inactive: 'neutral',
};

/**
 * One contact. The name is the button that opens it (stretched over the card), the links stay
 * links above it: no control inside another.
 */
export function ContactCard({
  contact,
  onOpen,
  selected,
  onSelect,
}: {
  contact: Contact;
  onOpen: (contact: Contact) => void;
  /** With onSelect: a checkbox for bulk changes (shift-click: the range from the last one clicked). */
  selected?: boolean;
  onSelect?: (contact: Contact, range: boolean) => void;
}) {
  const { t } = useTranslation();
  const extraTags = contact.tags.length - MAX_CARD_TAGS;
  const whatsapp = contact.phone ? whatsappLink(contact.phone) : null;
  const role = [contact.position, contact.company].filter(Boolean).join(' · ');
  const link =
    'relative z-10 inline-flex min-w-0 items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-ring';
  return (
    <article
      data-testid="contact-card"
      data-selected={selected || undefined}
      className="relative flex h-full min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-foreground shadow-sm transition-colors focus-within:border-primary hover:border-primary/60 data-[selected]:border-primary data-[selected]:bg-primary/5"
    >
      <div className="flex items-start justify-between gap-3">
        {onSelect && (
          // Above the stretched name button, so a click here selects and never opens the dialog.
          <Checkbox
            checked={!!selected}
            onClick={(event) => {
              event.preventDefault();
              onSelect(contact, event.shiftKey);
            }}
            aria-label={t('contactsBulk.select', { name: contact.name })}
            className="relative z-10 mt-0.5 h-5 w-5"
          />
        )}
        <div className="min-w-0 flex-1">
          {/* The button itself truncates: cut inside an h2 that does, an inline-block is clipped with no ellipsis. */}
          <h2 className="text-base font-semibold">
            <button
              type="button"
              onClick={() => onOpen(contact)}
              title={contact.name}
              data-testid="contact-card-name"
              className="block w-full truncate text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
            >
              {contact.name}
            </button>
          </h2>
          {role && (
            <p className="truncate text-sm text-muted-foreground" title={role}>
              {role}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge tone={STATUS_TONES[contact.status]}>{t(`contacts.status.${contact.status}`)}</Badge>
          {/* The contact's own page; a click elsewhere on the card still opens the edit dialog (SPEC). */}
          <Link
            to={`/crm/contacts/${contact.id}`}
            aria-label={t('contactPage.open', { name: contact.name })}
            title={t('contactPage.open', { name: contact.name })}
            className="relative z-10 flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-ring"
          >
            <SquareArrowOutUpRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
      <div className="grid gap-1">
        {contact.email && (
          <a href={`mailto:${contact.email}`} className={link}>
            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </a>
        )}
        {contact.phone && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <a href={telLink(contact.phone)} className={link}>
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{contact.phone}</span>
            </a>
            {whatsapp && (
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={link}
                aria-label={t('contacts.card.whatsapp', { name: contact.name })}
              >
                <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span>WhatsApp</span>
              </a>
            )}
          </div>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-3">
        <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label={t('contacts.fields.tags')}>
          {contact.tags.slice(0, MAX_CARD_TAGS).map((tag) => (
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
        <div className="flex shrink-0 items-center gap-2 text-sm">
          <span className="text-muted-foreground">
            <span aria-hidden="true">★ {contact.score}</span>
            <span className="sr-only">{t('contacts.card.score', { score: contact.score })}</span>
          </span>
          {contact.ownerName && (
            <span
              className="flex h-7 w-7 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary"
              title={contact.ownerName}
              aria-label={t('contacts.card.owner', { name: contact.ownerName })}
              role="img"
            >
              {initialsOf(contact.ownerName)}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
