import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { LookupSelect, type LookupOption } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useContactSearch } from '../../../lib/api/search-contacts';
import { useDealChoices } from '../../../lib/api/search-deals';
import { errorMessage } from '../../../lib/errors';
import { useTemplate } from '../api/get-template';
import type { Template } from '../api/get-templates';
import { useTemplateVariables } from '../api/get-template-variables';
import { useRenderedTemplate } from '../api/render-template';
import { categoryLabel } from '../template-categories';
import { HighlightedText } from './highlighted-text';
import { RenderedMessage } from './rendered-message';

interface TemplatePreviewDialogProps {
  id: number;
  onClose: () => void;
  /** Admins: open the editor from the preview. */
  onEdit?: (template: Template) => void;
}

/**
 * A template read-only, its {{variables}} marked, and filled from a contact picked here (and one of its
 * deals when the template speaks of a deal): the subject and body the server renders, nothing counted.
 */
export function TemplatePreviewDialog({ id, onClose, onEdit }: TemplatePreviewDialogProps) {
  const { t } = useTranslation();
  const template = useTemplate(id);
  const variables = useTemplateVariables();
  const known = new Set((variables.data ?? []).map((variable) => variable.name));
  const dealVariables = new Set(
    (variables.data ?? []).filter((variable) => variable.source === 'deal').map((variable) => variable.name),
  );
  const usesDeal = (template.data?.variables ?? []).some((name) => dealVariables.has(name));
  const [contact, setContact] = useState<LookupOption | null>(null);
  const [search, setSearch] = useState('');
  const [dealId, setDealId] = useState<number | null>(null);
  const contacts = useContactSearch(search);
  const dealsOf = usesDeal ? (contact?.id ?? null) : null;
  const deals = useDealChoices(dealsOf, dealsOf !== null);
  const chosenDeal = dealId ?? deals.data?.items[0]?.id ?? null;
  const rendered = useRenderedTemplate(
    contact ? id : null,
    contact
      ? { contactId: contact.id, ...(usesDeal && chosenDeal !== null && { dealId: chosenDeal }), format: 'text' }
      : null,
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={template.data?.name ?? t('templates.preview.title')}
        description={t('templates.preview.description')}
        className="sm:max-w-2xl"
      >
        {template.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        ) : template.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(template.error, t)}
          </p>
        ) : (
          <div className="grid gap-4" data-testid="template-preview">
            <div className="flex flex-wrap gap-2">
              {template.data.category && <Badge tone="primary">{categoryLabel(template.data.category, t)}</Badge>}
              <Badge tone={template.data.isActive ? 'success' : 'neutral'}>
                {template.data.isActive ? t('templates.active') : t('templates.inactive')}
              </Badge>
            </div>
            <section
              aria-labelledby="template-preview-original"
              className="grid gap-2 rounded-md border border-border p-3"
            >
              <h3 id="template-preview-original" className="text-sm font-medium text-muted-foreground">
                {t('templates.preview.original')}
              </h3>
              <p className="text-sm font-semibold" data-testid="preview-subject">
                <HighlightedText text={template.data.subject} known={variables.data ? known : undefined} />
              </p>
              <p className="max-h-64 overflow-y-auto text-sm" data-testid="preview-body">
                <HighlightedText text={template.data.body} known={variables.data ? known : undefined} />
              </p>
            </section>
            <section aria-labelledby="template-preview-fill" className="grid gap-3">
              <h3 id="template-preview-fill" className="text-sm font-medium">
                {t('templates.preview.fill')}
              </h3>
              <div className="grid gap-1.5">
                <label htmlFor="template-fill-contact" className="text-sm font-medium">
                  {t('templates.preview.contact')}
                </label>
                <LookupSelect
                  id="template-fill-contact"
                  value={contact}
                  onChange={(option) => {
                    setContact(option);
                    setDealId(null);
                  }}
                  options={(contacts.data?.items ?? []).map((item) => ({
                    id: item.id,
                    label: item.company ? `${item.name} (${item.company})` : item.name,
                  }))}
                  search={search}
                  onSearch={setSearch}
                  searchLabel={t('templates.preview.searchContact')}
                  noneLabel={t('templates.preview.noContact')}
                />
              </div>
              {usesDeal && contact && (
                <div className="grid gap-1.5">
                  <label htmlFor="template-fill-deal" className="text-sm font-medium">
                    {t('templates.preview.deal')}
                  </label>
                  {deals.data && deals.data.items.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t('templates.preview.noDeals')}</p>
                  ) : (
                    <Select
                      id="template-fill-deal"
                      value={chosenDeal === null ? '' : String(chosenDeal)}
                      onValueChange={(value) => setDealId(Number(value))}
                      options={(deals.data?.items ?? []).map((deal) => ({ value: String(deal.id), label: deal.title }))}
                    />
                  )}
                </div>
              )}
              {contact && (
                <div className="grid gap-2 rounded-md border border-border bg-background/50 p-3" aria-live="polite">
                  <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                    {t('templates.preview.filled', { name: contact.label })}
                    {rendered.isFetching && <Spinner />}
                  </p>
                  <RenderedMessage rendered={rendered} testId="filled" showMissing />
                </div>
              )}
            </section>
            <DialogFooter>
              {onEdit && (
                <Button variant="outline" onClick={() => onEdit(template.data)}>
                  {t('templates.edit')}
                </Button>
              )}
              <Button onClick={onClose}>{t('common.close')}</Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
