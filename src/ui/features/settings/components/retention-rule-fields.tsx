import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import type { RetentionRule } from '../api/get-retention';
import { useUpdateRetentionRule, type RetentionRuleChanges } from '../api/retention-mutations';
import { RETENTION_MONTHS_MAX, retentionMonthsOf } from '../privacy-terms';

/** One rule: what it finds, whether it is on, and its period in months (saved when the field is left or Enter). */
export function RetentionRuleFields({ rule }: { rule: RetentionRule }) {
  const { t } = useTranslation();
  const update = useUpdateRetentionRule();
  const [months, setMonths] = useState(String(rule.months));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setMonths(String(rule.months));
    setInvalid(false);
  }, [rule.months]);
  const id = `retention-${rule.kind}`;
  const save = (body: RetentionRuleChanges) =>
    update.mutate(
      { kind: rule.kind, body },
      {
        onSuccess: () =>
          toast({ title: t('privacy.retention.saved', { rule: t(`privacy.retention.rules.${rule.kind}`) }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('privacy.retention.saveFailed'),
            description: errorMessage(error, t),
          }),
      },
    );
  const saveMonths = (event?: FormEvent) => {
    event?.preventDefault();
    const value = retentionMonthsOf(months);
    setInvalid(value === null);
    // Leaving the field after Enter saved it asks for nothing more.
    const sending = update.isPending && update.variables?.body.months === value;
    if (value !== null && value !== rule.months && !sending) save({ months: value });
  };
  return (
    <form onSubmit={saveMonths} noValidate className="min-w-0">
      <fieldset
        className="grid gap-3 rounded-md border border-border p-3 text-sm"
        data-testid={`retention-rule-${rule.kind}`}
      >
        <legend className="px-1 font-medium">{t(`privacy.retention.rules.${rule.kind}`)}</legend>
        <p className="text-muted-foreground">{t(`privacy.retention.explain.${rule.kind}`)}</p>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-active`}
            checked={rule.active}
            disabled={update.isPending}
            onCheckedChange={(checked) => save({ active: checked === true })}
          />
          <label htmlFor={`${id}-active`}>{t('privacy.retention.active')}</label>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-months`} className="font-medium">
            {t('privacy.retention.months')}
          </label>
          <Input
            id={`${id}-months`}
            className="w-32"
            type="number"
            inputMode="numeric"
            min={1}
            max={RETENTION_MONTHS_MAX}
            step={1}
            value={months}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-months-error` : `${id}-months-hint`}
            onChange={(event) => {
              setMonths(event.target.value);
              if (invalid) setInvalid(retentionMonthsOf(event.target.value) === null);
            }}
            onBlur={() => saveMonths()}
          />
          {invalid ? (
            <p id={`${id}-months-error`} role="alert" className="text-danger">
              {t('privacy.retention.monthsInvalid', { max: RETENTION_MONTHS_MAX })}
            </p>
          ) : (
            <p id={`${id}-months-hint`} className="text-xs text-muted-foreground">
              {rule.updatedBy === null
                ? t('privacy.retention.defaultHint')
                : t('privacy.retention.changedAt', { at: formatDateTime(rule.updatedAt) })}
            </p>
          )}
        </div>
      </fieldset>
    </form>
  );
}
