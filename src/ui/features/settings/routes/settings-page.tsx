import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { tabTriggerClass } from '../../../components/ui/tabs';
import { CustomFieldsSettings } from '../components/custom-fields-settings';
import { GoalsSettings } from '../components/goals-settings';
import { LostReasonsSettings } from '../components/lost-reasons-settings';
import { SecurityLog } from '../components/security-log';
import { PipelinesSettings } from '../components/pipelines-settings';
import { StagesSettings } from '../components/stages-settings';
import { UsersSettings } from '../components/users-settings';
import { ApiKeysCard } from '../../../components/account/api-keys-card';

/** The pipelines, then the main pipeline's stages. */
function PipelineTab() {
  return (
    <div className="grid gap-6">
      <PipelinesSettings />
      <StagesSettings />
    </div>
  );
}

/** Every person's keys, to revoke any. */
function AllApiKeys() {
  return <ApiKeysCard everyone />;
}

// Its own chunk, fetched when the tab is first opened: few admins open it, and it brings its dialogs and log.
const WebhooksSettings = lazy(() =>
  import('../components/webhooks-settings').then((module) => ({ default: module.WebhooksSettings })),
);

/** The endpoints that receive the CRM's events, and their deliveries. */
function WebhooksTab() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <WebhooksSettings />
    </Suspense>
  );
}

// Its own chunk too: the form builder, the snippets and the submissions log, for the few admins who open it.
const LeadFormsSettings = lazy(() =>
  import('../components/lead-forms-settings').then((module) => ({ default: module.LeadFormsSettings })),
);

/** The web-to-lead forms sites embed, their snippets and what they brought. */
function LeadFormsTab() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LeadFormsSettings />
    </Suspense>
  );
}

// Its own chunk too: the requests, the anonymization and the record of operations, for the admin who answers them.
const PrivacySettings = lazy(() =>
  import('../components/privacy-settings').then((module) => ({ default: module.PrivacySettings })),
);

/** LGPD: what Funil stores about a person, their requests and the record of operations on personal data. */
function PrivacyTab() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <PrivacySettings />
    </Suspense>
  );
}

const TABS = {
  users: UsersSettings,
  stages: PipelineTab,
  lostReasons: LostReasonsSettings,
  fields: CustomFieldsSettings,
  goals: GoalsSettings,
  securityLog: SecurityLog,
  apiKeys: AllApiKeys,
  webhooks: WebhooksTab,
  forms: LeadFormsTab,
  privacy: PrivacyTab,
} as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

/** Admin settings: one tab per area, the open tab kept in the URL (?tab=) so a reload or a shared link opens it. */
export function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  const tabList = useRef<HTMLDivElement>(null);
  // The strip scrolls sideways when its tabs do not fit (Portuguese at 1280 px, a phone): the open one is brought into
  // it, so a link to a tab past its edge (the webhooks notification's) shows which tab is open.
  useEffect(() => {
    tabList.current
      ?.querySelector<HTMLElement>('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
      >
        <Tabs.List
          ref={tabList}
          aria-label={t('settings.tabsLabel')}
          className="mb-4 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <Tabs.Trigger key={key} value={key} className={tabTriggerClass}>
              {t(`settings.tabs.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.entries(TABS) as [Tab, () => React.JSX.Element][]).map(([key, Content]) => (
          <Tabs.Content key={key} value={key} className="focus-ring">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
