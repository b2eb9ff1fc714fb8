import { Activity, Gauge, Info, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Tooltip } from '../../../components/ui/tooltip';
import { formatInteger } from '../../../lib/format';
import type { Dashboard } from '../api/get-dashboard';

function StatCard({
  id,
  icon: Icon,
  label,
  value,
  note,
  info,
}: {
  id: string;
  icon: LucideIcon;
  label: string;
  value: string;
  note: string;
  info?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="p-5" data-testid={`stat-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          {label}
          {info && (
            <Tooltip content={info}>
              <button
                type="button"
                aria-label={t('dashboard.stats.explain', { stat: label })}
                className="rounded-full text-muted-foreground hover:text-foreground focus-ring"
              >
                <Info className="h-4 w-4" aria-hidden="true" />
              </button>
            </Tooltip>
          )}
        </h2>
        <span className="flex h-9 w-9 items-center justify-center rounded-md bg-primary/15 text-primary">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-3 text-3xl font-semibold tracking-tight text-foreground" data-testid={`stat-${id}-value`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </Card>
  );
}

/** The deployment's security checks: the server sends them to admins only. */
function SecurityCard({ security }: { security: NonNullable<Dashboard['security']> }) {
  const { t } = useTranslation();
  const passed = security.checks.filter((c) => c.passed).length;
  const securityInfo = (
    <div>
      <p className="font-medium">{t('dashboard.stats.securityExplain')}</p>
      <ul className="mt-2 grid gap-1">
        {security.checks.map((check) => (
          <li key={check.id} className="flex gap-2">
            <span aria-hidden="true" className={check.passed ? 'text-success' : 'text-danger'}>
              {check.passed ? '✓' : '✗'}
            </span>
            <span>
              {t(`dashboard.securityChecks.${check.id}`, { defaultValue: check.id })}
              <span className="sr-only">
                {' '}
                — {check.passed ? t('dashboard.stats.checkPassed') : t('dashboard.stats.checkFailed')}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <StatCard
      id="security"
      icon={ShieldCheck}
      label={t('dashboard.stats.security')}
      value={`${formatInteger(Math.round(security.score))}%`}
      note={t('dashboard.stats.securityNote', { passed, total: security.checks.length })}
      info={securityInfo}
    />
  );
}

export function StatCards({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const median = data.responseTime.medianMs;
  return (
    <div className={`grid gap-4 sm:grid-cols-2 ${data.security ? 'xl:grid-cols-4' : 'xl:grid-cols-3'}`}>
      <StatCard
        id="users"
        icon={Users}
        label={t('dashboard.stats.users')}
        value={formatInteger(data.users)}
        note={t('dashboard.stats.usersNote')}
      />
      <StatCard
        id="sessions"
        icon={Activity}
        label={t('dashboard.stats.sessions')}
        value={formatInteger(data.activeSessions)}
        note={t('dashboard.stats.sessionsNote')}
      />
      {data.security && <SecurityCard security={data.security} />}
      <StatCard
        id="response"
        icon={Gauge}
        label={t('dashboard.stats.responseTime')}
        value={median === null ? t('common.notAvailable') : `${formatInteger(Math.round(median))} ms`}
        note={t('dashboard.stats.responseNote', {
          count: data.responseTime.samples,
          samples: formatInteger(data.responseTime.samples),
        })}
      />
    </div>
  );
}
