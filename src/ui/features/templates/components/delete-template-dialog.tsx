import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { Template } from '../api/get-templates';
import { useDeleteTemplate } from '../api/save-template';

/** Asks before a template is deleted for good (its uses stay in the contacts' histories). */
export function DeleteTemplateDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  return (
    <ConfirmDialog
      title={t('templates.deleteDialog.title', { name: template.name })}
      description={t('templates.deleteDialog.description')}
      confirmLabel={t('templates.deleteDialog.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(template.id, {
          onSuccess: () => {
            toast({ title: t('templates.deleteDialog.done') });
            onClose();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('templates.deleteDialog.failed'),
              description: errorMessage(error, t),
            }),
        })
      }
    />
  );
}
