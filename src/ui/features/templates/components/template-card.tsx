import { Eye, Pencil, Power, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import type { Template } from '../api/get-templates';
import { categoryLabel } from '../template-categories';

interface TemplateCardProps {
  template: Template;
  onPreview: () => void;
  /** Admins only: without them the card shows no edit controls. */
  admin?: { onEdit: () => void; onToggleActive: () => void; onDelete: () => void; busy: boolean };
}

/** Name, subject, category, variables, how often and when it was last used, active or not. */
export function TemplateCard({ template, onPreview, admin }: TemplateCardProps) {
  const { t } = useTranslation();
  const headingId = `template-${template.id}-name`;
  return (
    <Card className="flex h-full flex-col">
      <article aria-labelledby={headingId} data-testid="template-card" className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words">
            <button type="button" onClick={onPreview} className="rounded-sm text-left hover:underline focus-ring">
              {template.name}
            </button>
          </h2>
          <Badge tone={template.isActive ? 'success' : 'neutral'} data-testid="template-status">
            {template.isActive ? t('templates.active') : t('templates.inactive')}
          </Badge>
        </div>
        <p className="text-sm break-words text-muted-foreground">
          <span className="sr-only">{t('templates.subject')}: </span>
          {template.subject}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {template.category && <Badge tone="primary">{categoryLabel(template.category, t)}</Badge>}
          {template.variables.map((name) => (
            <Badge key={name} className="font-mono font-normal">{`{{${name}}}`}</Badge>
          ))}
        </div>
        <p className="mt-auto text-xs text-muted-foreground" data-testid="template-usage">
          {/* pt's "one" form also covers 0, so a template never used says so in its own words. */}
          {template.usageCount === 0 || !template.lastUsedAt
            ? t('templates.neverUsed')
            : `${t('templates.usage', { count: template.usageCount })} · ${t('templates.lastUsed', { when: formatDateTime(template.lastUsedAt) })}`}
        </p>
        <div className="flex flex-wrap gap-2 border-t border-border pt-3">
          <Button
            variant="outline"
            size="sm"
            onClick={onPreview}
            aria-label={t('templates.previewOf', { name: template.name })}
          >
            <Eye className="h-4 w-4" aria-hidden="true" />
            {t('templates.previewAction')}
          </Button>
          {admin && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={admin.onEdit}
                aria-label={t('templates.editOf', { name: template.name })}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t('templates.edit')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={admin.onToggleActive}
                disabled={admin.busy}
                aria-label={t(template.isActive ? 'templates.deactivateOf' : 'templates.activateOf', {
                  name: template.name,
                })}
              >
                <Power className="h-4 w-4" aria-hidden="true" />
                {template.isActive ? t('templates.deactivate') : t('templates.activate')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={admin.onDelete}
                aria-label={t('templates.deleteOf', { name: template.name })}
                className="text-danger"
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('templates.delete')}
              </Button>
            </>
          )}
        </div>
      </article>
    </Card>
  );
}
