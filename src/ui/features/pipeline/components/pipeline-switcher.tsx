import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { pipelineLabel, usePipelines } from '../../../lib/api/get-stages';

/**
 * Which pipeline the board shows (kept in the URL's `pipeline`): shown once the team has more than one. An archived
 * pipeline is not offered, but a link to it still opens it.
 */
export function PipelineSwitcher({ value, onChange }: { value: string; onChange: (pipeline: string) => void }) {
  const { t } = useTranslation();
  const pipelines = usePipelines();
  const items = pipelines.data?.items ?? [];
  if (items.length < 2) return null;
  const options = items.map((p) => ({ value: p.key, label: pipelineLabel(p, t) }));
  if (!options.some((o) => o.value === value)) options.push({ value, label: value });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="board-pipeline" className="text-sm text-muted-foreground">
        {t('pipeline.switcher')}
      </label>
      <div className="w-48">
        <Select id="board-pipeline" value={value} onValueChange={onChange} options={options} />
      </div>
    </div>
  );
}
