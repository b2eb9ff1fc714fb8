import { lazy, Suspense, useState } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { useActivity } from '../../features/activities/api/get-activity';
import type { AgendaItem, NoNextStepDeal } from '../../features/home/api/get-home-section';
import { HomePage as Home } from '../../features/home/routes/home-page';
import { useUser, type User } from '../../lib/session';

// Loaded when first used: the home is the first screen after sign-in and stays lean.
const ActivityFormDialog = lazy(() =>
  import('../../features/activities/components/activity-form-dialog').then((m) => ({ default: m.ActivityFormDialog })),
);
const SystemPanel = lazy(() =>
  import('../../features/dashboard/components/system-panel').then((m) => ({ default: m.SystemPanel })),
);

type Open = { kind: 'none' } | { kind: 'activity'; id: number } | { kind: 'plan'; deal: NoNextStepDeal };

/** An agenda item opened in place: the activities feature's form, once the activity is read. */
function OpenActivity({ id, me, onClose }: { id: number; me: User; onClose: () => void }) {
  const activity = useActivity(id);
  if (!activity.data) return null;
  return <ActivityFormDialog activity={activity.data} me={me} onClose={onClose} />;
}

/** `/`: the home feature's sections, opening the activities feature's form and the dashboard's System tab. */
export function HomePage() {
  const { data: me } = useUser();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  return (
    <>
      <Home
        agenda={{ onOpen: (item: AgendaItem) => setOpen({ kind: 'activity', id: item.id }) }}
        onPlanNextStep={(deal) => setOpen({ kind: 'plan', deal })}
        system={
          <Suspense fallback={<PageSpinner />}>
            <SystemPanel />
          </Suspense>
        }
      />
      {me && open.kind !== 'none' && (
        <Suspense fallback={null}>
          {open.kind === 'activity' ? (
            <OpenActivity id={open.id} me={me} onClose={close} />
          ) : (
            <ActivityFormDialog
              activity={null}
              me={me}
              contact={
                open.deal.contactId === null
                  ? undefined
                  : { id: open.deal.contactId, label: open.deal.contactName ?? `#${open.deal.contactId}` }
              }
              deal={{ id: open.deal.id, title: open.deal.title }}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
