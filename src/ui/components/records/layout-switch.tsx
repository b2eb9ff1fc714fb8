import { KanbanSquare, LayoutGrid, List, Table2 } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { cn } from '../../lib/cn';

/** A list's layout, kept in its URL: cards (none) or a table (?layout=table). */
export function useTableLayout(): [boolean, (table: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const setTable = useCallback(
    (table: boolean) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (table) next.set('layout', 'table');
        else next.delete('layout');
        return next;
      }),
    [setParams],
  );
  return [params.get('layout') === 'table', setTable];
}

const OWN_ICONS = { cards: LayoutGrid, board: KanbanSquare, list: List };

/** The list's own layout (cards, the board, a list) or a table: two toggle buttons, the one shown pressed. */
export function LayoutSwitch({
  table,
  onChange,
  own = 'cards',
}: {
  table: boolean;
  onChange: (table: boolean) => void;
  own?: keyof typeof OWN_ICONS;
}) {
  const { t } = useTranslation();
  const OwnIcon = OWN_ICONS[own];
  const button = (pressed: boolean) =>
    cn(
      'inline-flex h-8 items-center gap-1.5 px-2.5 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      pressed ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
    );
  return (
    <div
      role="group"
      aria-label={t('layout.label')}
      className="inline-flex overflow-hidden rounded-md border border-border"
    >
      <button type="button" aria-pressed={!table} className={button(!table)} onClick={() => onChange(false)}>
        <OwnIcon className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t(`layout.${own}`)}</span>
      </button>
      <button type="button" aria-pressed={table} className={button(table)} onClick={() => onChange(true)}>
        <Table2 className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('layout.table')}</span>
      </button>
    </div>
  );
}
