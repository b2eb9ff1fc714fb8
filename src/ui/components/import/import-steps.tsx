import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export const IMPORT_STEPS = ['file', 'mapping', 'preview', 'run'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** Where an import wizard (contacts, companies) is: steps done, the current one (aria-current) and those ahead. */
export function ImportSteps({ current }: { current: ImportStep }) {
  const { t } = useTranslation();
  const at = IMPORT_STEPS.indexOf(current);
  return (
    <nav aria-label={t('contactImport.steps.label')} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
        {IMPORT_STEPS.map((step, index) => {
          const done = index < at;
          const active = index === at;
          return (
            <li
              key={step}
              className="flex items-center gap-2"
              aria-current={active ? 'step' : undefined}
              data-testid={`import-step-${step}`}
            >
              <span
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary',
                  !done && !active && 'border-border text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {done ? <Check className="h-4 w-4" /> : index + 1}
              </span>
              <span
                className={cn(
                  active ? 'font-medium text-foreground' : 'text-muted-foreground',
                  !active && 'max-sm:sr-only',
                )}
              >
                {t(`contactImport.steps.${step}`)}
                {done && <span className="sr-only"> ({t('contactImport.steps.done')})</span>}
              </span>
              {index < IMPORT_STEPS.length - 1 && (
                <span className="mx-1 h-px w-6 bg-border sm:w-10" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
