import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyLookupField } from '../../../components/records/company-lookup-field';
import { OwnerField } from '../../../components/records/owner-field';
import { RecordForm, RecordFormDialog } from '../../../components/records/record-form-dialog';
import { Checkbox } from '../../../components/ui/checkbox';
import { CustomFieldInputs } from '../../../components/records/custom-field-inputs';
import { FormField, useSchemaForm } from '../../../components/ui/form';
import { useCustomFields, type CustomField } from '../../../lib/api/custom-fields';
import { formValuesOf, valuesToSend } from '../../../lib/custom-field-values';
import { Input } from '../../../components/ui/input';
import type { LookupOption } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { Spinner } from '../../../components/ui/spinner';
import {
  DEFAULT_PIPELINE,
  pipelineOptions as optionsOf,
  usePipelines,
  useStages,
  type PipelineStage,
} from '../../../lib/api/get-stages';
import { errorMessage } from '../../../lib/errors';
import type { User } from '../../../lib/session';
import { useCreateDeal } from '../api/create-deal';
import type { Deal } from '../api/get-deals';
import { useUpdateDeal } from '../api/update-deal';
import { dealSchema, moneyInput } from '../deal-schema';
import { DealPeopleField, type DealPerson } from './deal-people-field';
import { stageLabel } from '../stage-label';

interface DealFormDialogProps {
  /** null: create mode (SPEC: nothing selected); a deal: edit mode. */
  deal: Deal | null;
  me: User;
  /** A new deal's first person, its primary one (the contact's page). */
  contact?: LookupOption;
  /** A new deal's company, chosen already (the company's page). */
  company?: LookupOption;
  /** The pipeline a new deal goes to (the board's); the default one unless given. */
  pipeline?: string;
  onClose: () => void;
  /** Shown under the form in edit mode: the deal's activities and history, composed by the app. */
  extras?: ReactNode;
}

/** The server's rule for changing a deal (crm-access.ts): an admin, its owner or its creator. */
const canChange = (me: User, deal: Deal) => me.role === 'admin' || deal.ownerId === me.id || deal.createdBy === me.id;

const valuesOf = (
  deal: Deal | null,
  me: User,
  contact: LookupOption | undefined,
  company: LookupOption | undefined,
  stages: PipelineStage[],
  pipeline: string,
  fields: readonly CustomField[],
) => {
  const stage = deal?.stage ?? stages[0]?.stage ?? '';
  return {
    title: deal?.title ?? '',
    pipeline: deal?.pipeline ?? pipeline,
    value: moneyInput(deal?.value),
    stage,
    probability: deal?.probability ?? stages.find((s) => s.stage === stage)?.probability ?? 0,
    probabilityManual: deal?.probabilityManual ?? false,
    expectedCloseDate: deal?.expectedCloseDate ?? '',
    companyId: deal ? deal.companyId : (company?.id ?? null),
    contacts: deal
      ? deal.contacts
      : contact
        ? [{ id: contact.id, name: contact.label, role: 'other' as const, primary: true }]
        : [],
    ownerId: deal ? deal.ownerId : me.id,
    notes: deal?.notes ?? '',
    lostReason: deal?.lostReason ?? '',
    lost: stages.find((s) => s.stage === stage)?.kind === 'lost',
    customFields: formValuesOf(fields, deal?.customFields),
    updatedAt: deal?.updatedAt,
  };
};

/** What the API takes of the form: `lost` only shows the reason's field; no reason is null. */
const dealBody = <B extends { lost?: boolean; lostReason?: string | null }>({
  lost: _lost,
  lostReason,
  ...body
}: B) => ({
  ...body,
  lostReason: lostReason ?? null,
});

/** Whether the people differ from the deal's. */
const peopleChanged = (people: DealPerson[], before: DealPerson[]) => JSON.stringify(people) !== JSON.stringify(before);

/** The request's `contacts`: who, their role and whether primary. */
const itemsOf = (people: DealPerson[]) =>
  people.map((person) => ({ contactId: person.id, role: person.role, primary: person.primary }));

/** Create and edit a deal (SPEC 3 fields); the stages come first, so the form opens on the pipeline's first stage. */
export function DealFormDialog(props: DealFormDialogProps) {
  const { t } = useTranslation();
  const stages = useStages(props.deal?.pipeline ?? props.pipeline ?? DEFAULT_PIPELINE);
  const fields = useCustomFields('deal');
  // A deal the viewer may not change is shown, not edited.
  const title = !props.deal
    ? t('dealForm.createTitle')
    : canChange(props.me, props.deal)
      ? t('dealForm.editTitle')
      : t('dealForm.viewTitle');
  return (
    <RecordFormDialog
      title={title}
      description={t('dealForm.description')}
      className="sm:max-w-2xl"
      onClose={props.onClose}
    >
      {stages.isPending || fields.isPending ? (
        <div role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
          <Spinner />
          {t('common.loading')}
        </div>
      ) : stages.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(stages.error, t)}
        </p>
      ) : (
        // Without its fields' definitions (a failed read) the form still saves the rest: a change keeps their values.
        <DealForm {...props} stages={stages.data.items} fields={fields.data?.items ?? []} />
      )}
      {props.extras}
    </RecordFormDialog>
  );
}

function DealForm({
  deal,
  me,
  contact,
  company,
  pipeline = DEFAULT_PIPELINE,
  onClose,
  stages: initialStages,
  fields,
}: DealFormDialogProps & { stages: PipelineStage[]; fields: CustomField[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => dealSchema(t, fields), [t, fields]);
  const form = useSchemaForm(schema, valuesOf(deal, me, contact, company, initialStages, pipeline, fields));
  // Another pipeline chosen: its stages, once they arrive; the deal goes into its first one unless one is picked.
  const chosen = form.watch('pipeline');
  const initialPipeline = deal?.pipeline ?? pipeline;
  const chosenStages = useStages(chosen, chosen !== initialPipeline);
  const chosenItems = chosenStages.data?.items;
  const stages = useMemo(
    () => (chosen === initialPipeline ? initialStages : (chosenItems ?? [])),
    [chosen, initialPipeline, initialStages, chosenItems],
  );
  const pipelines = usePipelines();
  const pipelineOptions = optionsOf(pipelines.data?.items ?? [], initialPipeline, t);
  useEffect(() => {
    const first = stages[0];
    if (!first || stages.some((s) => s.stage === form.getValues('stage'))) return;
    form.setValue('stage', first.stage, { shouldDirty: true });
    form.setValue('lost', first.kind === 'lost');
    if (!form.getValues('probabilityManual')) form.setValue('probability', first.probability);
  }, [stages, form]);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const isAdmin = me.role === 'admin';
  const editable = deal === null || canChange(me, deal);
  const pending = create.isPending || update.isPending;
  const lost = form.watch('lost');
  const manual = form.watch('probabilityManual');
  const ownerName = deal ? (deal.ownerName ?? t('dealForm.noOwner')) : me.name;

  return (
    <RecordForm
      form={form}
      id="deal"
      record={deal}
      editable={editable}
      personField="ownerId"
      isAdmin={isAdmin}
      // The people go with the deal, in the same request: both saved, or neither.
      create={async ({ contacts, ...body }) => {
        await create.mutateAsync({
          ...dealBody(body),
          customFields: valuesToSend(fields, body.customFields, true),
          contacts: itemsOf(contacts),
          currency: 'BRL',
        });
      }}
      update={async (id, { updatedAt, contacts, ...body }) => {
        const people = peopleChanged(contacts, deal?.contacts ?? []) ? { contacts: itemsOf(contacts) } : {};
        const customFields = valuesToSend(fields, body.customFields, false);
        await update.mutateAsync({ id, body: { ...dealBody(body), customFields, ...people, updatedAt } });
      }}
      pending={pending}
      texts={{
        create: t('dealForm.create'),
        created: t('dealForm.created'),
        updated: t('dealForm.updated'),
        saveFailed: t('dealForm.saveFailed'),
      }}
      onClose={onClose}
      before={!editable && <p className="text-sm text-muted-foreground">{t('dealForm.readOnly')}</p>}
    >
      <div className="sm:col-span-2">
        <FormField
          control={form.control}
          name="title"
          label={t('dealForm.fields.title')}
          render={(field) => <Input {...field} autoComplete="off" />}
        />
      </div>
      <FormField
        control={form.control}
        name="value"
        label={t('dealForm.fields.value')}
        description={t('dealForm.valueHint')}
        render={(field) => <Input {...field} inputMode="decimal" autoComplete="off" placeholder="0,00" />}
      />
      {pipelineOptions.length > 1 && (
        <FormField
          control={form.control}
          name="pipeline"
          label={t('dealForm.fields.pipeline')}
          render={(field) => (
            <Select
              id={field.id}
              value={field.value}
              disabled={!editable}
              onValueChange={field.onChange}
              options={pipelineOptions}
            />
          )}
        />
      )}
      <FormField
        control={form.control}
        name="stage"
        label={t('dealForm.fields.stage')}
        render={(field) => (
          <Select
            id={field.id}
            value={field.value}
            disabled={!editable}
            onValueChange={(value) => {
              field.onChange(value);
              const stage = stages.find((s) => s.stage === value);
              form.setValue('lost', stage?.kind === 'lost');
              // Not set by hand: the chance follows the stage (the server does the same).
              if (stage && !form.getValues('probabilityManual')) form.setValue('probability', stage.probability);
            }}
            options={stages.map((stage) => ({ value: stage.stage, label: stageLabel(stage.stage, t) }))}
          />
        )}
      />
      <div className="grid content-start gap-1.5">
        <FormField
          control={form.control}
          name="probability"
          label={t('dealForm.fields.probability')}
          description={manual ? t('dealForm.probabilityManualHint') : t('dealForm.probabilityAutoHint')}
          render={(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              readOnly={!manual}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)}
            />
          )}
        />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={manual}
            disabled={!editable}
            onCheckedChange={(checked) => {
              const byHand = checked === true;
              form.setValue('probabilityManual', byHand, { shouldDirty: true });
              // Back to automatic: the stage's chance again.
              if (!byHand)
                form.setValue(
                  'probability',
                  stages.find((s) => s.stage === form.getValues('stage'))?.probability ?? 0,
                  { shouldDirty: true },
                );
            }}
          />
          {t('dealForm.probabilityManual')}
        </label>
      </div>
      <FormField
        control={form.control}
        name="expectedCloseDate"
        label={t('dealForm.fields.expectedCloseDate')}
        render={(field) => <Input {...field} type="date" min="1900-01-01" max="9999-12-31" />}
      />
      {lost && (
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="lostReason"
            label={t('dealForm.fields.lostReason')}
            render={(field) => <Input {...field} value={field.value ?? ''} />}
          />
        </div>
      )}
      <div className="sm:col-span-2">
        <CompanyLookupField
          control={form.control}
          name="companyId"
          label={t('dealForm.fields.company')}
          searchLabel={t('dealForm.searchCompany')}
          noneLabel={t('dealForm.noCompany')}
          initial={
            deal
              ? deal.companyId
                ? { id: deal.companyId, label: deal.companyName ?? `#${deal.companyId}` }
                : null
              : (company ?? null)
          }
          disabled={!editable}
        />
      </div>
      <div className="sm:col-span-2">
        <DealPeopleField
          control={form.control}
          name="contacts"
          label={t('dealForm.fields.contacts')}
          disabled={!editable}
        />
      </div>
      <CustomFieldInputs control={form.control} fields={fields} disabled={!editable} />
      <div className="sm:col-span-2">
        <OwnerField
          control={form.control}
          name="ownerId"
          label={t('dealForm.fields.owner')}
          canChoose={isAdmin}
          formId="deal"
          currentName={ownerName}
          noneLabel={t('dealForm.noOwner')}
          readOnlyHint={t('dealForm.ownerHint')}
        />
      </div>
      <div className="sm:col-span-2">
        <FormField
          control={form.control}
          name="notes"
          label={t('dealForm.fields.notes')}
          render={(field) => <Textarea {...field} value={field.value ?? ''} rows={3} />}
        />
      </div>
    </RecordForm>
  );
}
