import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import type { Contact } from '../api/get-contacts';
import { ContactCard } from './contact-card';

interface ContactGridProps {
  contacts: Contact[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (contact: Contact) => void;
}

/**
 * The cards, and a sentinel under them that asks for the next page when it comes near the viewport.
 * Every loaded card is in the DOM: this is the one component to swap for a virtualised grid
 * (@tanstack/react-virtual is not installed yet); its props stay the same.
 */
export function ContactGrid({ contacts, hasMore, loadingMore, onLoadMore, onOpen }: ContactGridProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loadingMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMore.current(), { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, contacts.length]);

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('contacts.list')}>
        {contacts.map((contact) => (
          <li key={contact.id}>
            <ContactCard contact={contact} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} data-testid="contacts-sentinel" className="flex min-h-8 items-center justify-center py-4 text-sm text-muted-foreground">
        {loadingMore && (
          <span role="status" className="inline-flex items-center gap-2">
            <Spinner />
            {t('contacts.loadingMore')}
          </span>
        )}
      </div>
    </>
  );
}
