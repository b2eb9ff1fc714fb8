import { useTranslation } from 'react-i18next';
import { VirtualCardGrid } from '../../../components/records/virtual-card-grid';
import type { Contact } from '../api/get-contacts';
import { ContactCard } from './contact-card';

interface ContactGridProps {
  contacts: Contact[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (contact: Contact) => void;
  /** Bulk selection: whether a card is ticked, and what a tick (shift: a range) does. */
  isSelected?: (id: number) => boolean;
  onSelect?: (contact: Contact, range: boolean) => void;
}

/** The contact cards, virtualised (only the rows near the viewport are in the DOM), the next page as the end nears. */
export function ContactGrid({
  contacts,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  isSelected,
  onSelect,
}: ContactGridProps) {
  const { t } = useTranslation();
  return (
    <VirtualCardGrid
      items={contacts}
      keyOf={(contact) => contact.id}
      renderCard={(contact) => (
        <ContactCard contact={contact} onOpen={onOpen} selected={isSelected?.(contact.id)} onSelect={onSelect} />
      )}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      label={t('contacts.list')}
      loadingMoreLabel={t('contacts.loadingMore')}
      sentinelTestId="contacts-sentinel"
    />
  );
}
