import { ExternalLink, FileJson } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';

const OPENAPI_URL = '/api/openapi.json';

/** Developers' entry to the API: the OpenAPI document the server generates from its schemas. */
export function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('apiDocs.title')} description={t('apiDocs.subtitle')} />
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <FileJson className="h-8 w-8 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium text-foreground">{t('apiDocs.openapi')}</p>
              <p className="font-mono text-xs break-all text-muted-foreground">{OPENAPI_URL}</p>
            </div>
          </div>
          <Button asChild variant="outline">
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              {t('apiDocs.open')}
            </a>
          </Button>
        </CardContent>
      </Card>
      <p className="mt-4 text-sm text-muted-foreground">{t('apiDocs.hint')}</p>
    </>
  );
}
