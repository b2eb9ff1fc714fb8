import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiViewer, OPENAPI_URL } from '../components/api-viewer';

/** Developers' entry (a lazy route: Swagger UI comes in this page's chunk only) to the API: the OpenAPI document the server generates, browsable and callable. */
export function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('apiDocs.title')}
        description={t('apiDocs.subtitle')}
        actions={
          <Button asChild variant="outline">
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              {t('apiDocs.open')}
            </a>
          </Button>
        }
      />
      <p className="mb-4 text-sm text-muted-foreground">{t('apiDocs.hint')}</p>
      <ApiViewer />
    </>
  );
}
