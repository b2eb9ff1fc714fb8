import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { PipelinePicker } from '../../../components/records/pipeline-picker';
import { DEFAULT_PIPELINE } from '../../../lib/api/get-stages';
import { SettingsPipelineContext, useSettingsStages, useStageCounts, type SettingsStage } from '../api/stage-list';
import { useReorderStages } from '../api/stage-reorder';
import { DeleteStageDialog, StageFormDialog, stageName } from './stage-dialogs';
import { SortableList } from './stage-sortable-list';

/**
 * The stages card: a pipeline's columns in order, each editable, movable and deletable (its deals moved first); with
 * more than one pipeline, which pipeline's is chosen on the card (the main one first).
 */
export function StagesSettings() {
  const [pipeline, setPipeline] = useState(DEFAULT_PIPELINE);
  const picker = <PipelinePicker id="stages-pipeline" value={pipeline} onChange={setPipeline} includeArchived />;
  return (
    <SettingsPipelineContext.Provider value={pipeline}>
      <StagesCard key={pipeline} picker={picker} />
    </SettingsPipelineContext.Provider>
  );
}

function StagesCard({ picker }: { picker: ReactNode }) {
  const { t } = useTranslation();
  const stages = useSettingsStages();
  const counts = useStageCounts();
  const reorder = useReorderStages();
  const [editing, setEditing] = useState<SettingsStage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SettingsStage | null>(null);
  const countOf = (stage: SettingsStage) => counts.data?.get(stage.id);

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('stageSettings.title')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('stageSettings.description')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {picker}
          <Button onClick={() => setEditing('new')} disabled={!stages.data}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('stageSettings.add')}
          </Button>
        </div>
      </CardHeader>
      {stages.isPending ? (
        <PageSpinner />
      ) : stages.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(stages.error, t)}
        </p>
      ) : (
        <SortableList
          id="stages"
          label={t('stageSettings.listLabel')}
          items={stages.data.items}
          nameOf={(stage) => stageName(stage.stage, t)}
          disabled={reorder.isPending}
          onReorder={(ids) =>
            reorder.mutate(ids, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('stageSettings.reorderFailed'),
                  description: errorMessage(error, t),
                }),
            })
          }
          renderRow={(stage) => (
            <>
              <span
                className="h-5 w-5 shrink-0 rounded-full border border-border"
                style={{ backgroundColor: stage.color }}
                aria-hidden="true"
              />
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium break-words" data-testid="stage-name">
                    {stageName(stage.stage, t)}
                  </span>
                  <Badge>{t(`stageSettings.kinds.${stage.kind}`)}</Badge>
                </p>
                <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                  <span>{t('stageSettings.probability', { value: stage.probability })}</span>
                  <span>{t('stageSettings.staleDays', { count: stage.staleDays })}</span>
                  <span data-testid="stage-deals">
                    {countOf(stage) === undefined ? '…' : t('stageSettings.deals', { count: countOf(stage) })}
                  </span>
                </p>
              </div>
            </>
          )}
          actions={(stage) => (
            <>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t('stageSettings.edit', { name: stageName(stage.stage, t) })}
                onClick={() => setEditing(stage)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t('stageSettings.delete', { name: stageName(stage.stage, t) })}
                onClick={() => setDeleting(stage)}
              >
                <Trash2 className="h-4 w-4 text-danger" aria-hidden="true" />
              </Button>
            </>
          )}
        />
      )}
      {editing && (
        <StageFormDialog
          stage={editing === 'new' ? null : editing}
          dealCount={editing === 'new' ? 0 : countOf(editing)}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && stages.data && (
        <DeleteStageDialog
          stage={deleting}
          stages={stages.data.items}
          dealCount={countOf(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
