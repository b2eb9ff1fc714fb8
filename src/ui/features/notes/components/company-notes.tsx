import { NotebookPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import type { User } from '../../../lib/session';
import { useCompanyNotes } from '../api/get-company-notes';
import { NoteCard } from './note-card';

/** A company's notes and calls with those of its people and its deals, newest first, page by page. */
export function CompanyNotes({ companyId, me }: { companyId: number; me: User }) {
  const { t } = useTranslation();
  const notes = useCompanyNotes(companyId);
  if (notes.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (notes.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(notes.error, t)}
      </p>
    );
  }
  const items = notes.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState
        icon={NotebookPen}
        title={t('companyPage.notesEmpty')}
        description={t('companyPage.notesEmptyHint')}
      />
    );
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" data-testid="company-notes">
        {items.map((note) => (
          <li key={note.id}>
            <NoteCard note={note} authorName={note.authorName} me={me} />
          </li>
        ))}
      </ul>
      {notes.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void notes.fetchNextPage()}>
          {notes.isFetchingNextPage && <Spinner />}
          {t('companyPage.more')}
        </Button>
      )}
    </div>
  );
}
