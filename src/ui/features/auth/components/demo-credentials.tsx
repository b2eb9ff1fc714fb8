import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDemoCredentials, type DemoCredential } from '../api/get-demo-credentials';

/** Quick access for demonstration; shown only when the server runs in demo mode. */
export function DemoCredentialsBlock({ onPick }: { onPick: (credential: DemoCredential) => void }) {
  const { t } = useTranslation();
  const { data } = useDemoCredentials();
  if (!data?.demo || data.credentials.length === 0) return null;
  return (
    <section
      aria-labelledby="demo-title"
      className="mt-6 rounded-lg border border-dashed border-border bg-muted/50 p-4"
    >
      <h2 id="demo-title" className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {t('auth.demo.title')}
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">{t('auth.demo.hint')}</p>
      <ul className="mt-3 grid gap-2">
        {data.credentials.map((credential) => (
          <li key={credential.username}>
            <button
              type="button"
              onClick={() => onPick(credential)}
              className="flex w-full min-w-0 flex-col items-start gap-0.5 rounded-md border border-border bg-surface px-3 py-2 text-left text-sm hover:border-primary focus-ring sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            >
              <span className="font-medium text-foreground">{t(`roles.${credential.role}`)}</span>
              <span className="max-w-full min-w-0 truncate font-mono text-xs text-muted-foreground">
                {credential.username} / {credential.password}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
