import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { formatInteger } from '../../../lib/format';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import type { ImportMapping, ImportOwners, ImportPreview } from '../api/preview-contact-import';
import { ChoiceCards } from '../../../components/import/choice-cards';

export type OwnerKind = 'me' | 'one' | 'column' | 'spread';

/** The wizard's owner choice: who gets the contacts the import creates. */
export interface OwnerChoice {
  kind: OwnerKind;
  ownerId: number | null;
  ownerIds: number[];
}

/** The column mapped to owner, if any. */
export const ownerColumn = (mapping: ImportMapping): string | undefined =>
  Object.entries(mapping).find(([, field]) => field === 'owner')?.[0];

/** The mapping without its owner column, and with `column` as the owner column when given. */
export function withOwnerColumn(mapping: ImportMapping, column: string | null): ImportMapping {
  const next: ImportMapping = {};
  for (const [other, field] of Object.entries(mapping)) if (field !== 'owner' && other !== column) next[other] = field;
  if (column) next[column] = 'owner';
  return next;
}

/** What the server is sent for a choice; undefined while it lacks a person. */
export function ownersOf(choice: OwnerChoice): ImportOwners | undefined {
  if (choice.kind === 'one') return choice.ownerId === null ? undefined : { ownerId: choice.ownerId };
  if (choice.kind === 'spread') return choice.ownerIds.length ? { ownerIds: choice.ownerIds } : undefined;
  return {};
}

interface ImportOwnerChoiceProps {
  choice: OwnerChoice;
  onChange: (choice: OwnerChoice) => void;
  columns: string[];
  mapping: ImportMapping;
  onMapping: (mapping: ImportMapping) => void;
  /** Admins give contacts to anyone (the only route listing users is theirs); the others import for themselves. */
  canAssign: boolean;
}

/** Me, one person, a column of the file, or spread among people (the last two need an admin to choose people). */
export function ImportOwnerChoice({
  choice,
  onChange,
  columns,
  mapping,
  onMapping,
  canAssign,
}: ImportOwnerChoiceProps) {
  const { t } = useTranslation();
  const people = useUserChoices(canAssign);
  const kinds: OwnerKind[] = canAssign ? ['me', 'one', 'column', 'spread'] : ['me', 'column'];
  const column = ownerColumn(mapping);
  const choose = (kind: OwnerKind) => {
    onChange({ ...choice, kind });
    if (kind !== 'column' && column) onMapping(withOwnerColumn(mapping, null));
  };
  const users = people.data?.items.filter((user) => !user.disabled) ?? [];
  const toggle = (id: number, on: boolean) =>
    onChange({
      ...choice,
      ownerIds: on
        ? [...choice.ownerIds.filter((other) => other !== id), id]
        : choice.ownerIds.filter((other) => other !== id),
    });
  const options = kinds.map((kind) => ({
    value: kind,
    label: t(`contactImport.owner.${kind}`),
    hint: t(`contactImport.owner.${kind}Hint`),
  }));
  return (
    <ChoiceCards
      name="import-owner"
      legend={t('contactImport.owner.legend')}
      value={choice.kind}
      options={options}
      onChange={choose}
      testId="import-owner"
    >
      {choice.kind === 'one' && (
        <LabelledSelect
          id="import-owner-person"
          label={t('contactImport.owner.person')}
          value={choice.ownerId === null ? '' : String(choice.ownerId)}
          onValueChange={(value) => onChange({ ...choice, ownerId: Number(value) })}
          options={users.map((user) => ({ value: String(user.id), label: user.name }))}
        />
      )}
      {choice.kind === 'column' && (
        <LabelledSelect
          id="import-owner-column"
          label={t('contactImport.owner.columnName')}
          value={column ?? ''}
          onValueChange={(value) => onMapping(withOwnerColumn(mapping, value))}
          options={columns.filter((c) => !mapping[c] || mapping[c] === 'owner').map((c) => ({ value: c, label: c }))}
        >
          {!column && <p className="text-xs text-muted-foreground">{t('contactImport.owner.chooseColumn')}</p>}
          {!canAssign && <p className="text-xs text-muted-foreground">{t('contactImport.owner.ownOnly')}</p>}
        </LabelledSelect>
      )}
      {choice.kind === 'spread' && (
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium text-foreground">{t('contactImport.owner.people')}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {users.map((user) => {
              const id = `import-owner-spread-${user.id}`;
              return (
                <li key={user.id} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={choice.ownerIds.includes(user.id)}
                    onCheckedChange={(on) => toggle(user.id, on === true)}
                  />
                  <label htmlFor={id} className="text-sm text-foreground">
                    {user.name}
                  </label>
                </li>
              );
            })}
          </ul>
          {choice.ownerIds.length === 0 && (
            <p className="mt-2 text-xs text-muted-foreground">{t('contactImport.owner.choosePeople')}</p>
          )}
        </fieldset>
      )}
    </ChoiceCards>
  );
}

function LabelledSelect({
  id,
  label,
  children,
  ...select
}: ComponentProps<typeof Select<string>> & { label: string; children?: ReactNode }) {
  return (
    <div className="mt-4 grid max-w-sm gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <Select id={id} {...select} />
      {children}
    </div>
  );
}

/** The dry run's answer to "who gets how many". */
export function OwnerShares({ owners }: { owners: ImportPreview['owners'] }) {
  const { t } = useTranslation();
  if (!owners.length) return null;
  return (
    <section aria-labelledby="import-owner-shares">
      <h2 id="import-owner-shares" className="mb-2 text-base font-semibold text-foreground">
        {t('contactImport.owner.sharesTitle')}
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm" data-testid="import-owner-shares">
        {owners.map((owner) => (
          <li key={owner.userId} className="rounded-md border border-border bg-surface px-3 py-1.5 text-foreground">
            {t('contactImport.owner.share', {
              name: owner.name,
              count: owner.count,
              formatted: formatInteger(owner.count),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
