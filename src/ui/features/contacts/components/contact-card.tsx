import { PinnedFieldValues } from '../../../components/records/custom-field-list';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CardTags,
  OwnerInitials,
  RECORD_CARD_CLASS,
  RecordCardName,
  RecordPageLink,
} from '../../../components/records/record-card';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import type { Contact, ContactStatus } from '../api/get-contacts';
import { telLink, whatsappLink } from '../contact-links';

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
  const whatsapp = contact.phone ? whatsappLink(contact.phone) : null;
  const role = [contact.position, contact.company].filter(Boolean).join(' · ');
  const link =
    'relative z-10 inline-flex min-w-0 items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-ring';
  return (
    <article
      data-testid="contact-card"
      data-selected={selected || undefined}
      className={`${RECORD_CARD_CLASS} data-[selected]:border-primary data-[selected]:bg-primary/5`}
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
          <RecordCardName name={contact.name} onOpen={() => onOpen(contact)} testId="contact-card-name" />
          {role && (
            <p className="truncate text-sm text-muted-foreground" title={role}>
              {role}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge tone={STATUS_TONES[contact.status]}>{t(`contacts.status.${contact.status}`)}</Badge>
          <RecordPageLink to={`/crm/contacts/${contact.id}`} label={t('contactPage.open', { name: contact.name })} />
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
      <PinnedFieldValues entity="contact" values={contact.customFields} />
      <div className="mt-auto flex items-center justify-between gap-3">
        <CardTags tags={contact.tags} label={t('contacts.fields.tags')} />
        <div className="flex shrink-0 items-center gap-2 text-sm">
          <span className="text-muted-foreground">
            <span aria-hidden="true">★ {contact.score}</span>
            <span className="sr-only">{t('contacts.card.score', { score: contact.score })}</span>
          </span>
          {contact.ownerName && <OwnerInitials name={contact.ownerName} />}
        </div>
      </div>
    </article>
  );
}
