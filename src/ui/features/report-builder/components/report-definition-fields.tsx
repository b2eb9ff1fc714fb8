import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { DEFAULT_PIPELINE, pipelineOptions, usePipelines, useStages } from '../../../lib/api/get-stages';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { labelIn } from '../../../lib/api/custom-fields';
import { GROUPING_TYPES, SUMMED_TYPES, reportFieldKey, useReportChoices } from '../../../lib/report-choices';
import {
  ANY,
  CHARTS,
  ENTITIES,
  PERIODS,
  RULES,
  fitToEntity,
  type reportFormSchema,
  type ReportFormValues,
} from '../report-form';

type ChoiceName =
  'entity' | 'measure' | 'groupBy' | 'period' | 'dateField' | 'chart' | 'status' | 'pipeline' | 'stage' | 'type';

interface ReportDefinitionFieldsProps {
  form: UseFormReturn<ReportFormValues, unknown, z.output<typeof reportFormSchema>>;
  /** The values as they apply to the chosen entity (what the server is asked). */
  fitted: ReportFormValues;
  readOnly: boolean;
  isAdmin: boolean;
}

/** What a report counts, how it groups and draws it, and its filters; choices that do not apply are left out. */
export function ReportDefinitionFields({ form, fitted, readOnly, isAdmin }: ReportDefinitionFieldsProps) {
  const { t, i18n } = useTranslation();
  const rules = RULES[fitted.entity];
  // The entity's custom fields a report can sum or group by: the offered ones, and a retired one already chosen.
  const chosen = [reportFieldKey(fitted.measure), reportFieldKey(fitted.groupBy)];
  const fields = useReportChoices()
    .fieldsOf(fitted.entity)
    .filter((field) => !field.retired || chosen.includes(field.key));
  const fieldOption = (sum: boolean) => (field: (typeof fields)[number]) => {
    const label = labelIn(field.label, i18n.language);
    return { value: `customFields.${field.key}`, label: sum ? t('reportBuilder.sumOf', { field: label }) : label };
  };
  const sums = fields.filter((field) => SUMMED_TYPES.includes(field.type)).map(fieldOption(true));
  const groups = fields.filter((field) => GROUPING_TYPES.includes(field.type)).map(fieldOption(false));
  const owners = useUserChoices(isAdmin && !readOnly);
  const deals = fitted.entity === 'deals' && !readOnly;
  const pipelines = usePipelines(false);
  // The stages offered are the chosen pipeline's; with every pipeline, the default one's (a stage filter then
  // matches that name in each pipeline that has it).
  const stages = useStages(fitted.pipeline === ANY ? DEFAULT_PIPELINE : fitted.pipeline, deals);

  /** Another entity: the choices that no longer apply go back to ones that do. */
  const changeEntity = (entity: ReportFormValues['entity']) => {
    const current = form.getValues();
    const next = fitToEntity({ ...current, entity }, current.entity);
    (Object.keys(next) as (keyof ReportFormValues)[]).forEach((name) =>
      form.setValue(name, next[name] as never, { shouldDirty: true }),
    );
  };
  const option =
    (group: string) =>
    <V extends string>(value: V) => ({ value, label: t(`reportBuilder.${group}.${value}`) });
  const any = { value: ANY, label: t('reportBuilder.any') };
  /** A choice of the definition; `shown` is the one that applies to the entity, when it is not the field's own. */
  const choice = (
    name: ChoiceName,
    options: { value: string; label: string }[],
    { shown, description, onChange }: { shown?: string; description?: string; onChange?: (value: string) => void } = {},
  ) => (
    <FormField
      control={form.control}
      name={name}
      label={t(`reportBuilder.fields.${name}`)}
      description={description}
      render={(field) => (
        <Select
          id={field.id}
          value={shown ?? field.value}
          disabled={readOnly}
          onValueChange={onChange ?? field.onChange}
          options={options}
        />
      )}
    />
  );

  return (
    <fieldset disabled={readOnly} className="grid gap-4">
      {choice('entity', ENTITIES.map(option('entities')), {
        onChange: (entity) => changeEntity(entity as ReportFormValues['entity']),
      })}
      {choice('measure', [...rules.measures.map(option('measures')), ...sums], {
        shown: fitted.measure,
        description: fitted.entity !== 'deals' && sums.length === 0 ? t('reportBuilder.countOnly') : undefined,
      })}
      {choice('groupBy', [...rules.groupings.map(option('groupings')), ...groups], { shown: fitted.groupBy })}
      <div className="grid grid-cols-2 gap-3">
        {choice('period', PERIODS.map(option('periods')))}
        {choice('dateField', rules.dateFields.map(option('dateFields')), { shown: fitted.dateField })}
      </div>
      {choice('chart', CHARTS.map(option('charts')))}
      <p className="text-sm font-medium text-foreground">{t('reportBuilder.filters')}</p>
      {choice('status', [any, ...rules.statuses.map(option('values'))], { shown: fitted.status })}
      {rules.stage &&
        (fitted.pipeline !== ANY || (pipelines.data?.items.length ?? 0) > 1) &&
        choice(
          'pipeline',
          [
            { value: ANY, label: t('pipeline.every') },
            ...pipelineOptions(pipelines.data?.items ?? [], fitted.pipeline === ANY ? null : fitted.pipeline, t),
          ],
          {
            shown: fitted.pipeline,
            // Another pipeline has other stages: the stage filter starts over.
            onChange: (pipeline) => {
              form.setValue('pipeline', pipeline, { shouldDirty: true });
              form.setValue('stage', ANY, { shouldDirty: true });
            },
          },
        )}
      {rules.stage &&
        choice(
          'stage',
          [
            any,
            ...(stages.data?.items ?? []).map((s) => ({
              value: s.stage,
              label: t(`dealForm.stages.${s.stage}`, { defaultValue: s.stage }),
            })),
            ...(fitted.stage !== ANY && !stages.data?.items.some((s) => s.stage === fitted.stage)
              ? [{ value: fitted.stage, label: fitted.stage }]
              : []),
          ],
          { shown: fitted.stage },
        )}
      {rules.types.length > 0 && choice('type', [any, ...rules.types.map(option('values'))], { shown: fitted.type })}
      {rules.source && (
        <FormField
          control={form.control}
          name="source"
          label={t('reportBuilder.fields.source')}
          description={t('reportBuilder.sourceHint')}
          render={(field) => <Input {...field} maxLength={100} />}
        />
      )}
      {isAdmin && !readOnly ? (
        <FormField
          control={form.control}
          name="ownerId"
          label={t(fitted.entity === 'activities' ? 'reportBuilder.fields.assignee' : 'reportBuilder.fields.owner')}
          render={(field) => (
            <Select
              id={field.id}
              value={field.value}
              onValueChange={field.onChange}
              options={[
                { value: ANY, label: t('reportBuilder.anyone') },
                ...(owners.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name })),
              ]}
            />
          )}
        />
      ) : null}
    </fieldset>
  );
}
