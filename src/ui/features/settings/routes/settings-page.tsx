import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
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

const TABS = {
  users: UsersSettings,
  stages: PipelineTab,
  lostReasons: LostReasonsSettings,
  fields: CustomFieldsSettings,
  goals: GoalsSettings,
  securityLog: SecurityLog,
  apiKeys: AllApiKeys,
} as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

/** Admin settings: one tab per area, the open tab kept in the URL (?tab=) so a reload or a shared link opens it. */
export function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
      >
        <Tabs.List
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
