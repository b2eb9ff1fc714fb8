import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PipelinePicker } from '../../../components/records/pipeline-picker';
import { FiguresHead } from '../../../components/ui/figures-head';
import { DEFAULT_PIPELINE, pipelineParam } from '../../../lib/api/get-stages';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { useHomePipeline } from '../api/get-home-section';
import { HomeCard, HomeEmpty, stageLabel } from './home-card';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * A pipeline's open deals by stage (count, value, weighted as the board weighs them) and its deals due to close this
 * month: the default pipeline's, or (a team with several) the one chosen on the card, kept in the URL (?pipeline=).
 */
export function PipelineSection({ userId, team }: { userId: number | null; team: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = pipelineParam(params) ?? DEFAULT_PIPELINE;
  const pipeline = useHomePipeline(userId, chosen);
  const choose = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === DEFAULT_PIPELINE) next.delete('pipeline');
        else next.set('pipeline', key);
        return next;
      },
      { replace: true },
    );
  return (
    <HomeCard
      id="home-pipeline"
      title={team ? t('home.pipeline.titleTeam') : t('home.pipeline.title')}
      query={pipeline}
      action={
        <div className="flex flex-wrap items-center justify-end gap-3">
          <PipelinePicker id="home-pipeline-choice" value={chosen} onChange={choose} />
          <Link
            to={chosen === DEFAULT_PIPELINE ? '/crm/pipeline' : `/crm/pipeline?pipeline=${encodeURIComponent(chosen)}`}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('home.pipeline.open')}
          </Link>
        </div>
      }
    >
      {(data) => {
        const open = data.stages.filter((stage) => stage.count > 0);
        if (open.length === 0)
          return <HomeEmpty title={t('home.pipeline.empty')}>{t('home.pipeline.emptyHint')}</HomeEmpty>;
        const closing = data.closingThisMonth;
        return (
          <div className="grid grid-cols-1 gap-4">
            <table className="w-full text-sm" data-testid="home-pipeline-stages">
              <caption className="sr-only">{t('home.pipeline.caption')}</caption>
              <FiguresHead
                columns={[
                  { label: t('home.pipeline.stage') },
                  { label: t('home.pipeline.count') },
                  { label: t('home.pipeline.value') },
                  { label: t('home.pipeline.weighted'), className: 'hidden sm:table-cell' },
                ]}
              />
              <tbody className="divide-y divide-border">
                {open.map((stage) => (
                  <tr key={stage.stage} data-testid="home-pipeline-stage" data-stage={stage.stage}>
                    <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                      <span className="flex items-center gap-2">
                        <span
                          className="h-2.5 w-2.5 shrink-0 rounded-full"
                          style={{ backgroundColor: stage.color }}
                          aria-hidden="true"
                        />
                        <span className="min-w-0 break-words">{stageLabel(stage.name, t)}</span>
                      </span>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatInteger(stage.count)}</td>
                    <td className="py-1.5 pl-2 text-right tabular-nums">{formatCurrency(stage.value)}</td>
                    <td className="hidden py-1.5 pl-2 text-right tabular-nums sm:table-cell">
                      {formatCurrency(stage.weighted)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-border font-medium">
                <tr>
                  <th scope="row" className="pt-2 text-left">
                    {t('home.pipeline.total')}
                  </th>
                  <td className="pt-2 text-right tabular-nums">{formatInteger(sum(open.map((s) => s.count)))}</td>
                  <td className="pt-2 pl-2 text-right tabular-nums" data-testid="home-pipeline-total">
                    {formatCurrency(sum(open.map((s) => s.value)))}
                  </td>
                  <td
                    className="hidden pt-2 pl-2 text-right tabular-nums sm:table-cell"
                    data-testid="home-pipeline-weighted"
                  >
                    {formatCurrency(sum(open.map((s) => s.weighted)))}
                  </td>
                </tr>
              </tfoot>
            </table>
            <div data-testid="home-closing">
              <h3 className="text-sm font-semibold">
                {closing.count === 0
                  ? t('home.pipeline.closingNone')
                  : t('home.pipeline.closing', {
                      count: closing.count,
                      countText: formatInteger(closing.count),
                      value: formatCurrency(closing.value),
                    })}
              </h3>
              {closing.items.length > 0 && (
                <ul className="mt-1 grid grid-cols-1 gap-1 text-sm">
                  {closing.items.map((deal) => (
                    <li key={deal.id} className="flex justify-between gap-3">
                      <span className="min-w-0 truncate">{deal.title}</span>
                      <span className="shrink-0 text-muted-foreground tabular-nums">{formatCurrency(deal.value)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        );
      }}
    </HomeCard>
  );
}
