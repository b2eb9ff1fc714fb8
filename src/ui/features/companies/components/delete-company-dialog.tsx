import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useDeleteCompany } from '../api/delete-company';
import type { Company } from '../api/get-companies';

/** Asks before a company is deleted, naming it. */
export function DeleteCompanyDialog({
  company,
  onClose,
  onDeleted,
}: {
  company: Pick<Company, 'id' | 'name'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();
  return (
    <ConfirmDialog
      title={t('companies.delete.title', { name: company.name })}
      description={t('companies.delete.description')}
      confirmLabel={t('companies.delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(company.id, {
          onSuccess: () => {
            toast({ title: t('companies.deleted') });
            onDeleted();
          },
          onError: (error) =>
            toast({ variant: 'destructive', title: t('companies.deleteFailed'), description: errorMessage(error, t) }),
        })
      }
    />
  );
}
