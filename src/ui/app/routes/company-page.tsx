import { CalendarPlus, Globe, HandCoins, NotebookPen, Pencil, Phone, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BackLink, PageSection, recordIdOf } from '../../components/records/record-page';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ActivityFormDialog } from '../../features/activities/components/activity-form-dialog';
import { CompanyActivities } from '../../features/activities/components/contact-activities';
import type { Activity } from '../../features/activities/api/get-activities';
import { useCompany } from '../../features/companies/api/get-company';
import { CompanyFieldList, CompanyHeading } from '../../features/companies/components/company-details';
import { CompanyFormDialog } from '../../features/companies/components/company-form-dialog';
import { CompanyTimeline } from '../../features/companies/components/company-timeline';
import { DeleteCompanyDialog } from '../../features/companies/components/delete-company-dialog';
import { CompanyPeople } from '../../features/contacts/components/company-people';
import { ContactFormDialog } from '../../features/contacts/components/contact-form-dialog';
import { CompanyNotes } from '../../features/notes/components/company-notes';
import { NoteComposer } from '../../features/notes/components/note-composer';
import type { Deal } from '../../features/pipeline/api/get-deals';
import { CompanyDeals } from '../../features/pipeline/components/contact-deals';
import { DealFormDialog } from '../../features/pipeline/components/deal-form-dialog';
import { canChangeRecord } from '../../lib/access';
import { ApiError } from '../../lib/api-client';
import { useContacts } from '../../features/contacts/api/get-contacts';
import { errorMessage } from '../../lib/errors';
import { telLink } from '../../lib/phone-links';
import { useUser } from '../../lib/session';
import { NotFoundScreen } from '../status-screens';

/** Which dialog is open over the page. */
type Open =
  | { kind: 'none' }
  | { kind: 'company' }
  | { kind: 'delete' }
  | { kind: 'deal'; deal: Deal | null }
  | { kind: 'person' }
  | { kind: 'activity'; activity: Activity | null };

/** The note composer's text field (NoteComposer id "company-note"): where "New note" takes the keyboard. */
const NOTE_BODY_ID = 'company-note-body';

/**
 * /crm/companies/:id: a company with its people, its deals and their totals (the server's), its notes and activities
 * (with its people's and deals'), and its history, composed from the features that own each.
 */
export function CompanyPage() {
  const id = recordIdOf(useParams().id);
  return id === null ? <NotFoundScreen /> : <CompanyScreen key={id} id={id} />;
}

function CompanyScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useUser();
  const company = useCompany(id);
  // The same query as the section's: its first page also counts the people, for the heading.
  const people = useContacts({ companyId: id });
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  if (!me) return null;
  if (company.isPending) return <PageSpinner />;
  if (company.isError) {
    if (company.error instanceof ApiError && company.error.status === 404) return <NotFoundScreen />;
    return (
      <div className="grid gap-4">
        <BackLink to="/crm/companies" label={t('companyPage.back')} />
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(company.error, t)}
        </p>
        <Button variant="outline" className="justify-self-start" onClick={() => void company.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const current = company.data;
  const close = () => setOpen({ kind: 'none' });
  const editable = canChangeRecord(me, current);
  const gone = () => navigate('/crm/companies', { replace: true });
  const subject = { id: current.id, label: current.name };
  const newNote = () => {
    const body = document.getElementById(NOTE_BODY_ID);
    body?.scrollIntoView({ block: 'center' });
    body?.focus();
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-4">
        <BackLink to="/crm/companies" label={t('companyPage.back')} />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <CompanyHeading company={current} />
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('companyPage.quickActions')}>
            <Button variant="outline" onClick={() => setOpen({ kind: 'company' })}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {editable ? t('companyPage.edit') : t('companyPage.view')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'deal', deal: null })}>
              <HandCoins className="h-4 w-4" aria-hidden="true" />
              {t('companyPage.newDeal')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'person' })}>
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              {t('companyPage.newPerson')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'activity', activity: null })}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              {t('companyPage.newActivity')}
            </Button>
            <Button variant="outline" onClick={newNote}>
              <NotebookPen className="h-4 w-4" aria-hidden="true" />
              {t('companyPage.newNote')}
            </Button>
            {current.phone && (
              <Button variant="outline" asChild>
                <a href={telLink(current.phone)}>
                  <Phone className="h-4 w-4" aria-hidden="true" />
                  {current.phone}
                </a>
              </Button>
            )}
            {current.website && (
              <Button variant="outline" asChild>
                <a href={current.website} target="_blank" rel="noopener noreferrer">
                  <Globe className="h-4 w-4" aria-hidden="true" />
                  {t('companies.fields.website')}
                </a>
              </Button>
            )}
            {editable && (
              <Button variant="outline" className="text-danger" onClick={() => setOpen({ kind: 'delete' })}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('companyPage.delete')}
              </Button>
            )}
          </div>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <PageSection title={t('companyPage.details')} testId="company-fields">
          <CompanyFieldList company={current} />
        </PageSection>
        <div className="grid gap-6">
          <PageSection
            title={t('companyPage.people')}
            count={people.data?.pages[0]?.total}
            testId="company-people-section"
          >
            <CompanyPeople companyId={id} />
          </PageSection>
          <PageSection title={t('companyPage.deals')} testId="company-deals-section">
            <CompanyDeals companyId={id} onOpen={(deal) => setOpen({ kind: 'deal', deal })} />
          </PageSection>
          <PageSection title={t('companyPage.notes')} testId="company-note-section">
            <div className="grid gap-4">
              <NoteComposer id="company-note" companyId={id} />
              <CompanyNotes companyId={id} me={me} />
            </div>
          </PageSection>
          <PageSection title={t('companyPage.activities')} testId="company-activities-section">
            <CompanyActivities companyId={id} onOpen={(activity) => setOpen({ kind: 'activity', activity })} />
          </PageSection>
          <PageSection title={t('companyPage.timeline.title')} testId="company-timeline-section">
            <CompanyTimeline companyId={id} />
          </PageSection>
        </div>
      </div>

      {open.kind === 'company' && (
        <CompanyFormDialog
          company={current}
          me={me}
          onClose={close}
          // Deleted from the dialog: the page has nothing left to show.
          onDeleted={gone}
        />
      )}
      {open.kind === 'delete' && <DeleteCompanyDialog company={current} onClose={close} onDeleted={gone} />}
      {open.kind === 'deal' && (
        <DealFormDialog deal={open.deal} me={me} company={open.deal ? undefined : subject} onClose={close} />
      )}
      {open.kind === 'person' && <ContactFormDialog contact={null} me={me} company={subject} onClose={close} />}
      {open.kind === 'activity' && (
        <ActivityFormDialog
          activity={open.activity}
          me={me}
          company={open.activity ? undefined : subject}
          onClose={close}
        />
      )}
    </div>
  );
}
