import { useTranslation } from 'react-i18next';
import { pipelineOptions, usePipelines } from '../../lib/api/get-stages';
import { Select } from '../ui/select';

/** The picker's value for every pipeline summed (not a key: keys are lowercase letters, digits, - and _). */
export const EVERY_PIPELINE = '*';

/**
 * Which pipeline a screen shows (the board's, the stages card's, the reports'), labelled "Pipeline": shown once the
 * team has more than one. Archived pipelines are offered only with `includeArchived`; one chosen already (a link)
 * stays offered. With `everyLabel`, a first option (EVERY_PIPELINE) sums them all.
 */
export function PipelinePicker({
  id,
  value,
  onChange,
  includeArchived = false,
  everyLabel,
}: {
  id: string;
  value: string;
  onChange: (pipeline: string) => void;
  includeArchived?: boolean;
  everyLabel?: string;
}) {
  const { t } = useTranslation();
  const pipelines = usePipelines(includeArchived);
  const items = pipelines.data?.items ?? [];
  if (items.length < 2) return null;
  const options = [
    ...(everyLabel ? [{ value: EVERY_PIPELINE, label: everyLabel }] : []),
    ...pipelineOptions(items, value === EVERY_PIPELINE ? null : value, t),
  ];
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('pipeline.switcher')}
      </label>
      <div className="w-48">
        <Select id={id} value={value} onValueChange={onChange} options={options} />
      </div>
    </div>
  );
}
