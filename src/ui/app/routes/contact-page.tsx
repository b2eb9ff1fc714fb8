import { CalendarPlus, FileText, HandCoins, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink, PageSection, recordIdOf } from '../../components/records/record-page';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ActivityFormDialog } from '../../features/activities/components/activity-form-dialog';
import { ContactActivities } from '../../features/activities/components/contact-activities';
import type { Activity } from '../../features/activities/api/get-activities';
import { useContact } from '../../features/contacts/api/get-contact';
import { ContactFieldList, ContactHeading } from '../../features/contacts/components/contact-details';
import { ContactFormDialog } from '../../features/contacts/components/contact-form-dialog';
import { ContactTimeline } from '../../features/contacts/components/contact-timeline';
import { canChange } from '../../features/contacts/contact-access';
import { useDeals, type Deal } from '../../features/pipeline/api/get-deals';
import { ContactDeals } from '../../features/pipeline/components/contact-deals';
import { DealFormDialog } from '../../features/pipeline/components/deal-form-dialog';
import { NoteComposer } from '../../features/notes/components/note-composer';
import { useContactConsents } from '../../features/privacy/api/get-consents';
import { AnonymizedBanner } from '../../features/privacy/components/anonymized-banner';
import { ContactPrivacy } from '../../features/privacy/components/contact-privacy';
import { PinnedNotes } from '../../features/notes/components/pinned-notes';
import { TimelineNote } from '../../features/notes/components/timeline-note';
import { UseTemplateDialog } from '../../features/templates/components/use-template-dialog';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/api/query-keys';
import { errorMessage } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { useUser } from '../../lib/session';
import { NotFoundScreen } from '../status-screens';

/** Which dialog is open over the page. */
type Open =
  | { kind: 'none' }
  | { kind: 'contact' }
  | { kind: 'deal'; deal: Deal | null }
  | { kind: 'activity'; activity: Activity | null }
  | { kind: 'template' };

/** /crm/contacts/:id: a contact with its deals, activities and history, composed from the features that own each. */
export function ContactPage() {
  const id = recordIdOf(useParams().id);
  return id === null ? <NotFoundScreen /> : <ContactScreen key={id} id={id} />;
}

function ContactScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useUser();
  const contact = useContact(id);
  const deals = useDeals({ contact: id });
  const consents = useContactConsents(id);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  if (!me) return null;
  if (contact.isPending) return <PageSpinner />;
  if (contact.isError) {
    if (contact.error instanceof ApiError && contact.error.status === 404) return <NotFoundScreen />;
    return (
      <div className="grid gap-4">
        <BackLink to="/crm/contacts" label={t('contactPage.back')} />
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(contact.error, t)}
        </p>
        <Button variant="outline" className="justify-self-start" onClick={() => void contact.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const current = contact.data;
  const close = () => setOpen({ kind: 'none' });
  const dealChoices = (deals.data?.pages.flatMap((page) => page.items) ?? []).map((deal) => ({
    id: deal.id,
    label: deal.title,
  }));
  const subject = { id: current.id, label: current.name };
  const dealCount = deals.data?.pages[0]?.total;
  // An anonymized contact is a tombstone: its data can no longer be changed, nor written to.
  const anonymizedAt = current.anonymizedAt;
  const state = consents.data?.state;
  const revoked = {
    email: state?.email?.granted === false ? state.email.since : null,
    whatsapp: state?.whatsapp?.granted === false ? state.whatsapp.since : null,
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-4">
        <BackLink to="/crm/contacts" label={t('contactPage.back')} />
        {anonymizedAt && <AnonymizedBanner at={anonymizedAt} />}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <ContactHeading contact={current} />
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('contactPage.quickActions')}>
            {!anonymizedAt && (
              <Button variant="outline" onClick={() => setOpen({ kind: 'contact' })}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {canChange(me, current) ? t('contactPage.edit') : t('contactPage.view')}
              </Button>
            )}
            <Button onClick={() => setOpen({ kind: 'deal', deal: null })}>
              <HandCoins className="h-4 w-4" aria-hidden="true" />
              {t('contactPage.newDeal')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'activity', activity: null })}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              {t('contactPage.newActivity')}
            </Button>
            {/* Every role uses templates for a contact; only admins and developers open /crm/templates. */}
            {!anonymizedAt && (
              <Button variant="outline" onClick={() => setOpen({ kind: 'template' })}>
                <FileText className="h-4 w-4" aria-hidden="true" />
                {t('contactPage.useTemplate')}
              </Button>
            )}
          </div>
        </div>
      </div>

      <PinnedNotes scope={{ contact: id }} me={me} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="grid gap-6">
          <PageSection title={t('contactPage.details')} testId="contact-fields">
            <ContactFieldList contact={current} />
          </PageSection>
          <PageSection title={t('privacy.contact.title')} testId="contact-privacy">
            <ContactPrivacy contactId={id} readOnly={anonymizedAt !== null} />
          </PageSection>
        </div>
        <div className="grid gap-6">
          <PageSection title={t('notes.title')} testId="contact-note-section">
            <NoteComposer id="contact-note" contactId={id} deals={dealChoices} />
          </PageSection>
          <PageSection title={t('contactPage.deals')} count={dealCount} testId="contact-deals-section">
            <ContactDeals contactId={id} onOpen={(deal) => setOpen({ kind: 'deal', deal })} />
          </PageSection>
          <PageSection title={t('contactPage.activities')} testId="contact-activities-section">
            <ContactActivities contactId={id} onOpen={(activity) => setOpen({ kind: 'activity', activity })} />
          </PageSection>
          <PageSection title={t('contactPage.timeline.title')} testId="contact-timeline-section">
            <ContactTimeline
              contactId={id}
              renderNote={(entry) => <TimelineNote note={entry.note ?? null} authorName={entry.userName} me={me} />}
            />
          </PageSection>
        </div>
      </div>

      {open.kind === 'contact' && (
        <ContactFormDialog
          contact={current}
          me={me}
          onClose={() => {
            close();
            // The dialog saves or deletes through the contacts list's cache: read this one and its history again.
            void contact.refetch().then((result) => {
              if (result.error instanceof ApiError && result.error.status === 404)
                navigate('/crm/contacts', { replace: true });
            });
            void queryClient.invalidateQueries({ queryKey: queryKeys.timeline.contact(id) });
          }}
        />
      )}
      {open.kind === 'deal' && (
        <DealFormDialog deal={open.deal} me={me} contact={open.deal ? undefined : subject} onClose={close} />
      )}
      {open.kind === 'activity' && (
        <ActivityFormDialog
          activity={open.activity}
          me={me}
          contact={open.activity ? undefined : subject}
          onClose={close}
        />
      )}
      {open.kind === 'template' && (
        <UseTemplateDialog
          contact={{ id: current.id, name: current.name, email: current.email, phone: current.phone }}
          deals={dealChoices}
          revoked={revoked}
          onConsentRevoked={() => void consents.refetch()}
          onClose={close}
        />
      )}
    </div>
  );
}
