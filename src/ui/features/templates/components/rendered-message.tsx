import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import type { useRenderedTemplate } from '../api/render-template';

/**
 * A template as the server filled it: subject, then body as plain text; the server's refusal in its place, or a
 * spinner until the first answer. `testId` names the subject and body for the tests (`<testId>-subject`, ...).
 */
export function RenderedMessage({
  rendered,
  testId,
  showMissing = false,
}: {
  rendered: ReturnType<typeof useRenderedTemplate>;
  testId: string;
  showMissing?: boolean;
}) {
  const { t } = useTranslation();
  if (rendered.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(rendered.error, t)}
      </p>
    );
  }
  if (!rendered.data) return <Spinner />;
  return (
    <>
      <p className="text-sm font-semibold break-words" data-testid={`${testId}-subject`}>
        {rendered.data.subject}
      </p>
      <p className="max-h-64 overflow-y-auto text-sm break-words whitespace-pre-wrap" data-testid={`${testId}-body`}>
        {rendered.data.body}
      </p>
      {showMissing && rendered.data.missing.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('templates.preview.missing', { names: rendered.data.missing.map((name) => `{{${name}}}`).join(', ') })}
        </p>
      )}
    </>
  );
}
