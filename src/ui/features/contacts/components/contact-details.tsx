import { Mail, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CustomFieldList } from '../../../components/records/custom-field-list';
import { DetailField as Field } from '../../../components/records/record-page';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import type { ContactDetail } from '../api/get-contact';
import type { ContactStatus } from '../api/get-contacts';
import { initialsOf, telLink, whatsappLink } from '../contact-links';

const STATUS_TONES: Record<ContactStatus, BadgeProps['tone']> = {
  lead: 'primary',
  prospect: 'warning',
  customer: 'success',
  inactive: 'neutral',
};

/** Name, where they work, status, score and owner: the top of a contact's page. */
export function ContactHeading({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  const role = [contact.position, contact.company].filter(Boolean).join(' · ');
  return (
    <div className="flex min-w-0 items-start gap-4">
      <span
        className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-full bg-primary/15 text-lg font-semibold text-primary sm:flex"
        aria-hidden="true"
      >
        {initialsOf(contact.name)}
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">{contact.name}</h1>
        {role && <p className="mt-0.5 text-sm break-words text-muted-foreground">{role}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={STATUS_TONES[contact.status]} data-testid="contact-status">
            {t(`contacts.status.${contact.status}`)}
          </Badge>
          <Badge>{t('contactPage.score', { score: contact.score })}</Badge>
          <span className="text-muted-foreground">
            {t('contactPage.owner', { name: contact.ownerName ?? t('contacts.noOwner') })}
          </span>
        </div>
      </div>
    </div>
  );
}

/** Every detail of the contact, with ways to reach them: mail, phone and WhatsApp. */
export function ContactFieldList({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation();
  const none = <span className="text-muted-foreground">{t('contactPage.none')}</span>;
  const whatsapp = contact.phone ? whatsappLink(contact.phone) : null;
  const link =
    'inline-flex max-w-full items-center gap-1.5 rounded-sm text-primary underline-offset-2 hover:underline focus-ring';
  return (
    <dl className="grid gap-4">
      <Field label={t('contacts.fields.email')}>
        {contact.email ? (
          <a href={`mailto:${contact.email}`} className={link}>
            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{contact.email}</span>
          </a>
        ) : (
          none
        )}
      </Field>
      <Field label={t('contacts.fields.phone')}>
        {contact.phone ? (
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <a href={telLink(contact.phone)} className={link}>
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              {contact.phone}
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
                WhatsApp
              </a>
            )}
          </span>
        ) : (
          none
        )}
      </Field>
      <Field label={t('contacts.fields.company')}>
        {contact.companyId ? (
          <Link to={`/crm/companies/${contact.companyId}`} className="text-primary hover:underline">
            {contact.company}
          </Link>
        ) : (
          none
        )}
      </Field>
      <Field label={t('contacts.fields.position')}>{contact.position || none}</Field>
      <Field label={t('contacts.fields.source')}>{contact.source || none}</Field>
      <Field label={t('contacts.fields.tags')}>
        {contact.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('contacts.fields.tags')}>
            {contact.tags.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          none
        )}
      </Field>
      <Field label={t('contacts.fields.notes')}>
        {contact.notes ? <span className="whitespace-pre-wrap">{contact.notes}</span> : none}
      </Field>
      <CustomFieldList entity="contact" values={contact.customFields} />
      <Field label={t('contactPage.createdAt')}>{formatDateTime(contact.createdAt)}</Field>
      <Field label={t('contactPage.updatedAt')}>{formatDateTime(contact.updatedAt)}</Field>
    </dl>
  );
}
