import { Building2, Merge, UserRound, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatPercent } from '../format-confidence';
import type { DuplicateGroup } from '../api/get-duplicates';
import type { DuplicateKind } from '../merge-choices';

/** One group of likely duplicates: why, how sure, its records side by side, and what to do with them. */
export function DuplicateGroupCard({
  kind,
  group,
  onMerge,
  onDismiss,
}: {
  kind: DuplicateKind;
  group: DuplicateGroup;
  onMerge: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const reason = t(`duplicates.reason.${kind}.${group.reason}`, { defaultValue: group.reason });
  const names = group.members.map((member) => member.name).join(', ');
  const Icon = kind === 'contacts' ? UserRound : Building2;
  return (
    <li
      className="grid gap-3 rounded-lg border border-border bg-surface p-4 text-foreground shadow-sm"
      data-testid="duplicate-group"
      aria-label={`${reason}: ${names}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">{reason}</h2>
          <Badge tone="neutral" data-testid="duplicate-confidence">
            {t('duplicates.confidence', { percent: formatPercent(group.confidence) })}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onDismiss}>
            <XCircle className="h-4 w-4" aria-hidden="true" />
            {t('duplicates.dismiss')}
          </Button>
          <Button size="sm" onClick={onMerge}>
            <Merge className="h-4 w-4" aria-hidden="true" />
            {t('duplicates.mergeOpen')}
          </Button>
        </div>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {group.members.map((member) => (
          <li
            key={member.id}
            className="grid min-w-0 gap-0.5 rounded-md border border-border bg-background p-3 text-sm"
            data-testid="duplicate-member"
          >
            <Link
              to={`/crm/${kind}/${member.id}`}
              className="flex min-w-0 items-start gap-1.5 font-medium break-words text-foreground hover:underline focus-ring"
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 break-words">{member.name}</span>
            </Link>
            {[member.detail, member.detail2, member.detail3].map(
              (detail, index) =>
                detail && (
                  <span key={index} className="min-w-0 break-words text-muted-foreground">
                    <span className="sr-only">{t(`duplicates.detail.${kind}.${index}`)}: </span>
                    {detail}
                  </span>
                ),
            )}
            <span className="text-xs text-muted-foreground">
              {t('duplicates.owner', { name: member.ownerName ?? t('duplicates.noOwner') })}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
