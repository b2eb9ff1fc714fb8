import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useDeleteContact } from '../api/delete-contact';
import type { Contact } from '../api/get-contacts';

/** Asks before a contact is deleted, naming it. */
export function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: Contact;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteContact();
  return (
    <ConfirmDialog
      title={t('contacts.delete.title', { name: contact.name })}
      description={t('contacts.delete.description')}
      confirmLabel={t('contacts.delete.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(contact.id, {
          onSuccess: () => {
            toast({ title: t('contacts.deleted') });
            onDeleted();
          },
          onError: (error) =>
            toast({ variant: 'destructive', title: t('contacts.deleteFailed'), description: errorMessage(error, t) }),
        })
      }
    />
  );
}
