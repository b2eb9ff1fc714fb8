import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency } from '../../../lib/format';
import type { Deal } from '../api/get-deals';
import { useLostReasons, type LostReason } from '../api/get-lost-reasons';
import { useUpdateDeal } from '../api/update-deal';
import { localDay } from '../board-position';
import { moneyInput, parseMoney } from '../money';
import { lostReasonLabel } from '../stage-label';

/** What a lost deal stores: a seeded reason's key, an admin's label, or the free text of "other". */
const reasonValue = (reason: LostReason) => reason.label ?? reason.key;

interface CloseDialogProps {
  deal: Deal;
  stageName: string;
  onCancel: () => void;
}

/**
 * Before a deal is won: its value as it will be recorded (changed here if need be) and the day it was won,
 * today by default and never after it. The day goes with the move as closedAt; the expected close date stays.
 */
export function WonDialog({
  deal,
  stageName,
  onCancel,
  onConfirmed,
}: CloseDialogProps & { onConfirmed: (deal: Deal, closedAt: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const today = localDay();
  const [value, setValue] = useState(moneyInput(deal.value));
  const [wonOn, setWonOn] = useState(today);
  const update = useUpdateDeal();
  const parsed = parseMoney(value);
  const badDay = !/^\d{4}-\d{2}-\d{2}$/.test(wonOn) || wonOn > today;
  const confirm = async () => {
    if (parsed === null || badDay) return;
    if (Number(parsed) === Number(deal.value)) return onConfirmed(deal, wonOn);
    const saved = await update.mutateAsync({ id: deal.id, body: { value: parsed, updatedAt: deal.updatedAt } });
    onConfirmed(saved, wonOn);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={t('pipeline.won.title', { title: deal.title })}
        description={t('pipeline.won.description', { stage: stageName })}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm().catch(() => undefined);
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-value`} className="text-sm font-medium">
              {t('pipeline.won.value')}
            </label>
            <Input
              id={`${id}-value`}
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={parsed === null}
              aria-describedby={`${id}-value-hint`}
            />
            <p
              id={`${id}-value-hint`}
              className={parsed === null ? 'text-xs text-danger' : 'text-xs text-muted-foreground'}
            >
              {parsed === null ? t('dealForm.invalidValue') : formatCurrency(parsed)}
            </p>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-date`} className="text-sm font-medium">
              {t('pipeline.won.closeDate')}
            </label>
            <Input
              id={`${id}-date`}
              type="date"
              required
              min="1900-01-01"
              max={today}
              value={wonOn}
              onChange={(e) => setWonOn(e.target.value)}
              aria-invalid={badDay}
              aria-describedby={badDay ? `${id}-date-error` : undefined}
            />
            {badDay && (
              <p id={`${id}-date-error`} className="text-xs text-danger">
                {t('pipeline.won.closeDateFuture')}
              </p>
            )}
          </div>
          {update.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(update.error, t)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={parsed === null || badDay || update.isPending}>
              {update.isPending && <Spinner />}
              {t('pipeline.won.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Before a deal is lost: why, picked from the server's list, or "other" with free text. */
export function LostReasonDialog({
  deal,
  stageName,
  onCancel,
  onConfirmed,
}: CloseDialogProps & { onConfirmed: (reason: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const reasons = useLostReasons();
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [tried, setTried] = useState(false);
  const isOther = choice === 'other';
  const reason = isOther ? other.trim() : choice;
  // The choices come with the dialog when the list was read ahead; when they arrive later, the first one takes
  // the focus (unless the person is already typing somewhere), so the arrows pick a reason either way.
  const focusFirstChoice = useCallback((fieldset: HTMLFieldSetElement | null) => {
    const active = document.activeElement;
    if (fieldset && !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement))
      fieldset.querySelector('input')?.focus();
  }, []);
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent
        title={t('pipeline.lost.title', { title: deal.title })}
        description={t('pipeline.lost.description', { stage: stageName })}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (reason) onConfirmed(reason);
          }}
        >
          {reasons.isPending ? (
            <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t('common.loading')}
            </div>
          ) : reasons.isError ? (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(reasons.error, t)}
            </p>
          ) : (
            <fieldset
              ref={focusFirstChoice}
              className="grid gap-2"
              aria-describedby={tried && !reason ? `${id}-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium">{t('pipeline.lost.reason')}</legend>
              {reasons.data.items.map((r) => (
                <label
                  key={r.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={reasonValue(r)}
                    checked={choice === reasonValue(r)}
                    onChange={() => setChoice(reasonValue(r))}
                    className="accent-[var(--color-primary)]"
                  />
                  {r.label ?? lostReasonLabel(r.key, t)}
                </label>
              ))}
            </fieldset>
          )}
          {isOther && (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-other`} className="text-sm font-medium">
                {t('pipeline.lost.otherLabel')}
              </label>
              <Input
                id={`${id}-other`}
                value={other}
                maxLength={500}
                onChange={(e) => setOther(e.target.value)}
                autoFocus
              />
            </div>
          )}
          {tried && !reason && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {isOther ? t('pipeline.lost.otherRequired') : t('pipeline.lost.required')}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="destructive">
              {t('pipeline.lost.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
