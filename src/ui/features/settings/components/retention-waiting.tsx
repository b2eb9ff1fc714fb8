import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, ListChecks, Minus, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { checkboxClass } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatInteger } from '../../../lib/format';
import { useRetentionWaiting, type RetentionCandidate } from '../api/get-retention';
import { useDecideRetention } from '../api/retention-mutations';
import { RetentionAnonymizeDialog } from './retention-anonymize-dialog';

/**
 * The contacts the rules listed, waiting for an admin: chosen with their boxes (or all of them), then kept (listed
 * again only after a whole period) or anonymized after a confirmation.
 */
export function RetentionWaiting() {
  const { t } = useTranslation();
  const waiting = useRetentionWaiting();
  const decide = useDecideRetention();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const items = waiting.data?.pages.flatMap((page) => page.items) ?? [];
  // Only those still on the list count (one decided elsewhere drops out when the list is read again).
  const selected = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  const all = items.length > 0 && selected.length === items.length;
  const choose = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const keep = () =>
    decide.mutate(
      { ids: selected, action: 'keep' },
      {
        onSuccess: ({ decided }) => {
          toast({ title: t('privacy.retention.kept', { count: decided, formatted: formatInteger(decided) }) });
          setChosen(new Set());
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('privacy.retention.keepFailed'),
            description: errorMessage(error, t),
          }),
      },
    );
  return (
    <div className="grid gap-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3 px-3 sm:px-5">
        <h3 className="font-medium" id="retention-waiting-heading">
          {t('privacy.retention.waitingTitle')}
        </h3>
        {items.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {t('privacy.retention.selected', { count: selected.length, formatted: formatInteger(selected.length) })}
            </span>
            <Button variant="outline" size="sm" disabled={selected.length === 0 || decide.isPending} onClick={keep}>
              {decide.isPending && decide.variables?.action === 'keep' ? (
                <Spinner />
              ) : (
                <UserCheck className="h-4 w-4" aria-hidden="true" />
              )}
              {t('privacy.retention.keep')}
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={selected.length === 0 || decide.isPending}
              onClick={() => setConfirming(true)}
            >
              <UserX className="h-4 w-4" aria-hidden="true" />
              {t('privacy.retention.anonymize')}
            </Button>
          </div>
        )}
      </div>
      {waiting.isPending ? (
        <PageSpinner />
      ) : waiting.isError ? (
        <p role="alert" className="px-5 pb-4 text-sm text-danger">
          {errorMessage(waiting.error, t)}
        </p>
      ) : items.length === 0 ? (
        <div className="px-3 pb-4 sm:px-5">
          <EmptyState
            icon={ListChecks}
            title={t('privacy.retention.empty')}
            description={t('privacy.retention.emptyHint')}
          />
        </div>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-labelledby="retention-waiting-heading">
              <thead className="border-y border-border text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="w-10 py-2 pr-2 pl-3 sm:pl-5">
                    <Box
                      id="retention-select-all"
                      label={t('privacy.retention.selectAll')}
                      checked={all ? true : selected.length > 0 ? 'indeterminate' : false}
                      onChange={(on) => setChosen(new Set(on ? items.map((item) => item.id) : []))}
                    />
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {t('privacy.retention.columns.contact')}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {t('privacy.retention.columns.rule')}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    {t('privacy.retention.columns.status')}
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium whitespace-nowrap">
                    {t('privacy.retention.columns.updatedAt')}
                  </th>
                  <th scope="col" className="py-2 pr-3 pl-2 font-medium whitespace-nowrap sm:pr-5">
                    {t('privacy.retention.columns.foundAt')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {items.map((item) => (
                  <WaitingRow
                    key={item.id}
                    item={item}
                    checked={chosen.has(item.id)}
                    onChange={(on) => choose(item.id, on)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {waiting.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void waiting.fetchNextPage()}
                disabled={waiting.isFetchingNextPage}
              >
                {waiting.isFetchingNextPage && <Spinner />}
                {t('privacy.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      {confirming && (
        <RetentionAnonymizeDialog
          ids={selected}
          decide={decide}
          onDone={() => setChosen(new Set())}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function WaitingRow({
  item,
  checked,
  onChange,
}: {
  item: RetentionCandidate;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid="retention-candidate" className={checked ? 'bg-primary/5' : undefined}>
      <td className="py-2 pr-2 pl-3 sm:pl-5">
        <Box
          id={`retention-candidate-${item.id}`}
          label={t('privacy.retention.select', { name: item.contactName })}
          checked={checked}
          onChange={onChange}
        />
      </td>
      <td className="max-w-xs px-2 py-2">
        <Link
          to={`/crm/contacts/${item.contactId}`}
          className="rounded-sm font-medium break-words text-primary underline-offset-2 hover:underline focus-ring"
        >
          {item.contactName}
        </Link>
      </td>
      <td className="px-2 py-2">{t(`privacy.retention.rules.${item.rule}`)}</td>
      <td className="px-2 py-2">
        <Badge tone="neutral">{t(`contacts.status.${item.contactStatus}`, { defaultValue: item.contactStatus })}</Badge>
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{formatDate(item.contactUpdatedAt)}</td>
      <td className="py-2 pr-3 pl-2 whitespace-nowrap sm:pr-5">{formatDate(item.foundAt)}</td>
    </tr>
  );
}

/** A row's box (named by its contact), or the header's, whose mixed state shows a dash. */
function Box({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (on: boolean) => void;
}) {
  const Mark = checked === 'indeterminate' ? Minus : Check;
  return (
    <CheckboxPrimitive.Root
      id={id}
      aria-label={label}
      checked={checked}
      onCheckedChange={(next) => onChange(next === true)}
      className={cn(
        checkboxClass,
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
      )}
    >
      <CheckboxPrimitive.Indicator>
        <Mark className="h-3 w-3" aria-hidden="true" strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
