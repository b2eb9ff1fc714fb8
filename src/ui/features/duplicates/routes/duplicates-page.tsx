import * as Tabs from '@radix-ui/react-tabs';
import { CopyCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { tabTriggerClass } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useDismissDuplicates } from '../api/dismiss-duplicates';
import { groupKey, useDuplicates, type DuplicateGroup } from '../api/get-duplicates';
import { DuplicateGroupCard } from '../components/duplicate-group-card';
import { DUPLICATE_KINDS, type DuplicateKind } from '../merge-choices';

// The dialog (and its table) is fetched when first opened.
const MergeDialog = lazy(() =>
  import('../components/merge-dialog').then((module) => ({ default: module.MergeDialog })),
);

const isKind = (value: string | null): value is DuplicateKind =>
  value !== null && (DUPLICATE_KINDS as readonly string[]).includes(value);

/** Likely duplicates of contacts and of companies (the tab in the URL, ?kind=companies), to merge or dismiss. */
export function DuplicatesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('kind');
  const kind: DuplicateKind = isKind(requested) ? requested : 'contacts';
  return (
    <>
      <PageHeader title={t('duplicates.title')} description={t('duplicates.subtitle')} />
      <Tabs.Root
        value={kind}
        onValueChange={(value) => setParams(value === 'contacts' ? {} : { kind: value }, { replace: true })}
      >
        <Tabs.List
          aria-label={t('duplicates.tabsLabel')}
          className="mb-4 flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {DUPLICATE_KINDS.map((key) => (
            <Tabs.Trigger key={key} value={key} className={tabTriggerClass}>
              {t(`duplicates.tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {DUPLICATE_KINDS.map((key) => (
          <Tabs.Content key={key} value={key} className="focus-ring">
            {key === kind && <DuplicateGroups kind={key} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}

function DuplicateGroups({ kind }: { kind: DuplicateKind }) {
  const { t } = useTranslation();
  const groups = useDuplicates(kind);
  const dismiss = useDismissDuplicates(kind);
  const [merging, setMerging] = useState<DuplicateGroup | null>(null);
  const [merged, setMerged] = useState<{ id: number; name: string; count: number } | null>(null);
  if (groups.isPending) return <PageSpinner />;
  if (groups.isError)
    return (
      <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
        {errorMessage(groups.error, t)}
      </p>
    );
  const items = groups.data.pages.flatMap((page) => page.items);
  const onDismiss = (group: DuplicateGroup) =>
    dismiss.mutate(group, {
      onSuccess: () => toast({ title: t('duplicates.dismissed') }),
      onError: (error) =>
        toast({ title: t('duplicates.dismissFailed'), description: errorMessage(error, t), variant: 'destructive' }),
    });
  return (
    <>
      {merged && (
        <p
          className="mb-4 flex flex-wrap items-center gap-x-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm text-foreground"
          data-testid="merge-done"
        >
          {t(`duplicates.merged.${kind}`, { count: merged.count, name: merged.name })}
          <Link to={`/crm/${kind}/${merged.id}`} className="font-medium text-primary underline focus-ring">
            {t(`duplicates.openKept.${kind}`, { name: merged.name })}
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <EmptyState icon={CopyCheck} title={t(`duplicates.empty.${kind}`)} description={t('duplicates.emptyHint')} />
      ) : (
        <ul className="grid gap-3" aria-label={t(`duplicates.tabs.${kind}`)} data-testid="duplicate-groups">
          {items.map((group) => (
            <DuplicateGroupCard
              key={groupKey(group)}
              kind={kind}
              group={group}
              onMerge={() => setMerging(group)}
              onDismiss={() => onDismiss(group)}
            />
          ))}
        </ul>
      )}
      {groups.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={groups.isFetchingNextPage} onClick={() => void groups.fetchNextPage()}>
            {groups.isFetchingNextPage && <Spinner />}
            {t('duplicates.more')}
          </Button>
        </div>
      )}
      {merging && (
        <Suspense fallback={null}>
          <MergeDialog
            kind={kind}
            group={merging}
            onClose={() => setMerging(null)}
            onMerged={(kept) => {
              setMerging(null);
              setMerged({ ...kept, count: merging.members.length });
              toast({ title: t(`duplicates.merged.${kind}`, { count: merging.members.length, name: kept.name }) });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
