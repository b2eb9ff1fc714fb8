import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useDeleteContact } from '../api/delete-contact';
import type { Contact } from '../api/get-contacts';

/** Asks before a contact is deleted, naming it. */
export function DeleteContactDialog({ contact, onClose, onDeleted }: { contact: Contact; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteContact();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('contacts.delete.title', { name: contact.name })} description={t('contacts.delete.description')}>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(contact.id, {
                onSuccess: () => {
                  toast({ title: t('contacts.deleted') });
                  onDeleted();
                },
                onError: (error) => toast({ variant: 'destructive', title: t('contacts.deleteFailed'), description: errorMessage(error, t) }),
              })
            }
          >
            {remove.isPending && <Spinner />}
            {t('contacts.delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
