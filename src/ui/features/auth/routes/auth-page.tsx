import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguageToggle, ThemeSwitcher } from '../../../components/ui/preference-controls';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { whenIdle } from '../../../lib/idle';
import { LoginForm } from '../components/login-form';

// Most visitors sign in: the register form (and its role select) is fetched once the page is idle, before
// anyone reaches its tab.
const loadRegisterForm = () => import('../components/register-form');
const RegisterForm = lazy(() => loadRegisterForm().then((module) => ({ default: module.RegisterForm })));

type Tab = 'login' | 'register';

const tabClass = cn(
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors focus-ring',
  'data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

/** Sign-in and register, without the signed-in layout. */
export function AuthPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('login');
  useEffect(() => whenIdle(() => void loadRegisterForm().catch(() => undefined)), []);
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <BrandMark />
        <div className="flex items-center gap-1">
          <LanguageToggle />
          <ThemeSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('auth.title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('auth.subtitle')}</p>
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
            <Tabs.List aria-label={t('auth.tabsLabel')} className="flex gap-1 rounded-lg bg-muted p-1">
              <Tabs.Trigger value="login" className={tabClass}>
                {t('auth.loginTab')}
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                {t('auth.registerTab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="mt-6 focus-ring">
              <LoginForm />
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-6 focus-ring">
              <Suspense
                fallback={
                  <div role="status" className="flex justify-center py-8 text-muted-foreground">
                    <Spinner className="h-6 w-6" />
                    <span className="sr-only">{t('common.loading')}</span>
                  </div>
                }
              >
                <RegisterForm />
              </Suspense>
            </Tabs.Content>
          </Tabs.Root>
        </Card>
      </main>
    </div>
  );
}
