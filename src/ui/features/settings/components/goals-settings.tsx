import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { EVERY_PIPELINE, PipelinePicker } from '../../../components/records/pipeline-picker';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { MonthPicker } from '../../../components/ui/month-picker';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { useGoals, type MonthGoals } from '../../../lib/api/get-goals';
import { errorMessage } from '../../../lib/errors';
import { currentMonth, formatMonth } from '../../../lib/month';
import { useSaveGoals } from '../api/save-goals';
import { amountText, parseAmount } from '../goal-amount';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bounds: a value of 0 to 999,999,999,999.99; counts whole, 0 or more.
const goalsSchema = (t: T) => {
  const count = z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,9}$/.test(value), t('goals.settings.invalidCount'));
  return z.object({
    items: z.array(
      z
        .object({
          userId: z.number(),
          name: z.string(),
          wonValue: z
            .string()
            .trim()
            .refine((value) => value === '' || parseAmount(value) !== null, t('goals.settings.invalidValue')),
          wonCount: count,
          activitiesDone: count,
        })
        .refine((row) => row.wonValue !== '' || (row.wonCount === '' && row.activitiesDone === ''), {
          message: t('goals.settings.needsValue'),
          path: ['wonValue'],
        }),
    ),
  });
};
type GoalsForm = z.output<ReturnType<typeof goalsSchema>>;

const rowsOf = (goals: MonthGoals): GoalsForm['items'] =>
  goals.items.map((item) => ({
    userId: item.userId,
    name: item.userName,
    wonValue: item.goal ? amountText(item.goal.wonValue) : '',
    wonCount: item.goal?.wonCount == null ? '' : String(item.goal.wonCount),
    activitiesDone: item.goal?.activitiesDone == null ? '' : String(item.goal.activitiesDone),
  }));

/** The server names a sent item by its place in `items`; the form's rows include people sent none. */
function renumberDetails(error: unknown, rowOfSent: number[]): unknown {
  const details = error instanceof ApiError ? error.server?.details : undefined;
  if (!Array.isArray(details)) return error;
  for (const detail of details)
    detail.path = detail.path.replace(
      /^items[.[](\d+)\]?/,
      (_: string, i: string) => `items.${rowOfSent[Number(i)] ?? i}`,
    );
  return error;
}

function GoalsMonthForm({ month, pipeline, goals }: { month: string; pipeline: string | null; goals: MonthGoals }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => goalsSchema(t), [t]);
  const form = useSchemaForm(schema, { items: rowsOf(goals) });
  const save = useSaveGoals();
  const rows = form.watch('items');
  const label = (text: string) => <span className="sm:sr-only">{text}</span>;

  const submit = async (values: GoalsForm) => {
    const rowOfSent: number[] = [];
    const items = values.items.flatMap((row, index) => {
      const wonValue = parseAmount(row.wonValue);
      if (wonValue === null) return [];
      rowOfSent.push(index);
      return [
        {
          userId: row.userId,
          wonValue,
          ...(row.wonCount === '' ? {} : { wonCount: Number(row.wonCount) }),
          ...(row.activitiesDone === '' ? {} : { activitiesDone: Number(row.activitiesDone) }),
        },
      ];
    });
    try {
      await save.mutateAsync({ month, pipeline, body: { items } });
    } catch (error) {
      throw renumberDetails(error, rowOfSent);
    }
    form.reset(values);
    toast({ title: t('goals.settings.saved', { month: formatMonth(month, i18n.language) }) });
  };

  if (rows.length === 0) return <p className="px-5 py-4 text-sm text-muted-foreground">{t('goals.settings.empty')}</p>;
  return (
    <Form
      form={form}
      id="goals"
      onSubmit={submit}
      onError={(error, { onField }) =>
        !onField &&
        toast({ variant: 'destructive', title: t('goals.settings.saveFailed'), description: errorMessage(error, t) })
      }
      className="px-5 py-4"
    >
      <div
        aria-hidden="true"
        className="hidden gap-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_11rem_8rem_8rem]"
      >
        <span>{t('goals.settings.person')}</span>
        <span>{t('goals.settings.wonValue')}</span>
        <span>{t('goals.settings.wonCount')}</span>
        <span>{t('goals.settings.activitiesDone')}</span>
      </div>
      <ul className="grid gap-4 sm:gap-2">
        {rows.map((row, index) => (
          <li
            key={row.userId}
            data-testid="goal-row"
            data-user={row.userId}
            className="grid grid-cols-2 items-start gap-3 border-b border-border pb-4 sm:grid-cols-[minmax(0,1fr)_11rem_8rem_8rem] sm:border-0 sm:pb-0"
          >
            <p className="col-span-2 min-w-0 pt-2 text-sm font-medium break-words sm:col-span-1">{row.name}</p>
            <div className="col-span-2 sm:col-span-1">
              <FormField
                control={form.control}
                name={`items.${index}.wonValue`}
                label={label(t('goals.settings.wonValue'))}
                render={(field) => (
                  <Input
                    {...field}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={`${t('goals.settings.wonValue')}: ${row.name}`}
                  />
                )}
              />
            </div>
            <FormField
              control={form.control}
              name={`items.${index}.wonCount`}
              label={label(t('goals.settings.wonCount'))}
              render={(field) => (
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-label={`${t('goals.settings.wonCount')}: ${row.name}`}
                />
              )}
            />
            <FormField
              control={form.control}
              name={`items.${index}.activitiesDone`}
              label={label(t('goals.settings.activitiesDone'))}
              render={(field) => (
                <Input
                  {...field}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-label={`${t('goals.settings.activitiesDone')}: ${row.name}`}
                />
              )}
            />
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('goals.settings.save')}
        </Button>
      </div>
    </Form>
  );
}

/** The goals tab: a month, a row per active person (won value in BRL, optionally deals won and activities done). */
export function GoalsSettings() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth);
  // The goals for every pipeline (null), or one pipeline's, which count only its won deals.
  const [pipeline, setPipeline] = useState<string | null>(null);
  const goals = useGoals(month, pipeline);
  return (
    <Card>
      <CardHeader className="flex-wrap items-end">
        <div className="grid gap-1">
          <CardTitle>{t('goals.settings.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('goals.settings.description')}</p>
          {pipeline && (
            <p className="max-w-2xl text-sm text-muted-foreground" data-testid="goals-pipeline-hint">
              {t('goals.settings.pipelineHint')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <PipelinePicker
            id="goals-pipeline"
            value={pipeline ?? EVERY_PIPELINE}
            onChange={(key) => setPipeline(key === EVERY_PIPELINE ? null : key)}
            everyLabel={t('pipeline.every')}
          />
          <MonthPicker id="goals-month" value={month} onChange={setMonth} />
        </div>
      </CardHeader>
      {goals.isPending ? (
        <PageSpinner />
      ) : goals.isError ? (
        <CardContent>
          <p role="alert" className="text-sm text-danger">
            {t('goals.settings.loadFailed')}: {errorMessage(goals.error, t)}
          </p>
        </CardContent>
      ) : (
        // A new form per month and per answer: what is typed for one month never carries into another.
        <GoalsMonthForm
          key={`${month}-${pipeline}-${goals.dataUpdatedAt}`}
          month={month}
          pipeline={pipeline}
          goals={goals.data}
        />
      )}
    </Card>
  );
}
