import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Select } from '../../../components/ui/select';
import { tabTriggerClass } from '../../../components/ui/tabs';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { formatDateTime } from '../../../lib/format';
import { useUser, type User } from '../../../lib/session';
import type { NoNextStepDeal } from '../api/get-home-section';
import { AgendaSection, type AgendaActions } from '../components/agenda-section';
import { GoalSection } from '../components/goal-section';
import { NoNextStepSection } from '../components/no-next-step-section';
import { PipelineSection } from '../components/pipeline-section';
import { RecentContactsSection } from '../components/recent-contacts-section';
import { TeamSections } from '../components/team-sections';

export interface HomePageProps {
  agenda: AgendaActions;
  /** "Plan next step" on a deal without one: the activity form, filled in with the deal. */
  onPlanNextStep: (deal: NoNextStepDeal) => void;
  /** The admin's System tab: the deployment's cards (users, sessions, security, response time, status). */
  system: ReactNode;
}

const TEAM = 'team';
/** An admin's choice of whose day to see: the whole team (the default) or one person, kept in the URL (?user=). */
function PersonFilter({ value, onChange }: { value: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation();
  const people = useUserChoices(true);
  const options = [
    { value: TEAM, label: t('home.filter.team') },
    ...(people.data?.items ?? [])
      .filter((person) => !person.disabled || person.id === value)
      .map((person) => ({ value: String(person.id), label: person.name })),
  ];
  // A person not (yet) in the list still shows as chosen.
  if (value !== null && !options.some((option) => option.value === String(value)))
    options.push({ value: String(value), label: `#${value}` });
  return (
    <div className="grid w-full gap-1 sm:w-64">
      <label htmlFor="home-person" className="text-sm font-medium text-foreground">
        {t('home.filter.label')}
      </label>
      <Select
        id="home-person"
        value={value === null ? TEAM : String(value)}
        onValueChange={(next) => onChange(next === TEAM ? null : Number(next))}
        options={options}
      />
    </div>
  );
}

function SellerSections({ userId, user, props }: { userId: number | null; user: User; props: HomePageProps }) {
  const isAdmin = user.role === 'admin';
  // An admin without a person chosen sees everyone's figures.
  const team = isAdmin && userId === null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <AgendaSection userId={userId} team={team} actions={props.agenda} />
          <NoNextStepSection userId={userId} onPlan={props.onPlanNextStep} />
          <PipelineSection userId={userId} team={team} />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <GoalSection userId={userId} team={team} isAdmin={isAdmin} />
          <RecentContactsSection userId={userId} />
        </div>
      </div>
      {team && <TeamSections />}
    </div>
  );
}

const userIdOf = (param: string | null) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);

/**
 * `/`, "Meu dia": what the person should do today and how the month goes, one request per section. An admin sees the
 * whole team (or one person, ?user=) with the team's sections, and a System tab (?tab=system) with the deployment's
 * cards; nobody else sees system figures.
 */
export function HomePage(props: HomePageProps) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const isAdmin = user.role === 'admin';
  const userId = isAdmin ? userIdOf(params.get('user')) : null;
  const tab = isAdmin && params.get('tab') === 'system' ? 'system' : 'sales';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground" data-testid="home-heading">
          {t('home.title')}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('home.welcome', { name: user.name })} · {t('home.lastAccess')}:{' '}
          <span data-testid="last-access">{formatDateTime(user.lastAccess) ?? t('common.notAvailable')}</span>
        </p>
      </div>
      {isAdmin && tab === 'sales' && (
        <PersonFilter value={userId} onChange={(id) => update({ user: id === null ? null : String(id) })} />
      )}
    </div>
  );

  if (!isAdmin)
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <SellerSections userId={null} user={user} props={props} />
      </div>
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {header}
      <Tabs.Root value={tab} onValueChange={(value) => update({ tab: value === 'system' ? 'system' : null })}>
        <Tabs.List aria-label={t('home.tabsLabel')} className="mb-4 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
          <Tabs.Trigger value="sales" className={tabTriggerClass}>
            {t('home.tabs.sales')}
          </Tabs.Trigger>
          <Tabs.Trigger value="system" className={tabTriggerClass}>
            {t('home.tabs.system')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sales" className="focus-ring">
          <SellerSections userId={userId} user={user} props={props} />
        </Tabs.Content>
        <Tabs.Content value="system" className="focus-ring">
          {props.system}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
