import {
  DragDropContext,
  Draggable,
  Droppable,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface SortableListProps<T extends { id: number }> {
  /** Names the list for screen readers and keys its drag area. */
  id: string;
  label: string;
  items: T[];
  nameOf: (item: T) => string;
  /** Every id in the new order. */
  onReorder: (ids: number[]) => void;
  /** The row's content between the drag handle and the move buttons. */
  renderRow: (item: T) => ReactNode;
  /** Buttons after the move buttons (edit, delete...). */
  actions: (item: T) => ReactNode;
  disabled?: boolean;
}

/**
 * A list reordered three ways: dragging the handle (mouse or touch), the drag library's keyboard mode
 * (space, arrows, space; announced in the app's language), or the up and down buttons, which keep focus
 * on the button pressed and say where the item went.
 */
export function SortableList<T extends { id: number }>({
  id,
  label,
  items,
  nameOf,
  onReorder,
  renderRow,
  actions,
  disabled,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const refocus = useRef<{ id: number; dir: 'up' | 'down' } | null>(null);
  const [message, setMessage] = useState('');
  const total = items.length;

  // A row moved by a button is re-inserted in the DOM, which drops focus: once the new order is shown, put it
  // back on the same button, or on the other one when the row reached an end.
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const button = (dir: string) =>
      document.querySelector<HTMLButtonElement>(`[data-reorder="${id}-${wanted.id}-${dir}"]`);
    const target = button(wanted.dir);
    (target && !target.disabled ? target : button(wanted.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [items, id]);

  const move = (from: number, to: number) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    onReorder(ids);
  };
  // While a move is being saved the buttons stay enabled (disabling the focused one would drop focus) but do nothing.
  const byButton = (index: number, dir: 'up' | 'down') => {
    if (disabled) return;
    const item = items[index]!;
    const to = dir === 'up' ? index - 1 : index + 1;
    move(index, to);
    setMessage(t('stageSettings.dnd.moved', { name: nameOf(item), position: to + 1, total }));
    refocus.current = { id: item.id, dir };
  };
  const nameAt = (index: number) => (items[index] ? nameOf(items[index]) : '');

  const onDragStart = (start: DragStart, provided: ResponderProvided) =>
    provided.announce(
      t('stageSettings.dnd.lifted', { name: nameAt(start.source.index), position: start.source.index + 1, total }),
    );
  const onDragUpdate = (update: DragUpdate, provided: ResponderProvided) =>
    provided.announce(
      update.destination
        ? t('stageSettings.dnd.over', { position: update.destination.index + 1, total })
        : t('stageSettings.dnd.outside'),
    );
  const onDragEnd = (result: DropResult, provided: ResponderProvided) => {
    const name = nameAt(result.source.index);
    if (!result.destination || result.reason === 'CANCEL') return provided.announce(t('stageSettings.dnd.cancelled'));
    if (result.destination.index === result.source.index)
      return provided.announce(t('stageSettings.dnd.unchanged', { name }));
    provided.announce(t('stageSettings.dnd.dropped', { name, position: result.destination.index + 1, total }));
    move(result.source.index, result.destination.index);
  };

  return (
    <DragDropContext
      onDragStart={onDragStart}
      onDragUpdate={onDragUpdate}
      onDragEnd={onDragEnd}
      dragHandleUsageInstructions={t('stageSettings.dnd.instructions')}
    >
      <Droppable droppableId={id}>
        {(provided) => (
          <ol
            ref={provided.innerRef}
            {...provided.droppableProps}
            aria-label={label}
            className="divide-y divide-border"
            data-testid={`${id}-list`}
          >
            {items.map((item, index) => (
              <Draggable key={item.id} draggableId={`${id}-${item.id}`} index={index} isDragDisabled={disabled}>
                {(drag, snapshot) => (
                  <li
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    data-testid={`${id}-row`}
                    className={cn(
                      'flex flex-wrap items-center gap-x-3 gap-y-2 bg-surface px-3 py-3 sm:px-5',
                      snapshot.isDragging && 'rounded-md shadow-lg ring-2 ring-primary',
                    )}
                  >
                    <div
                      {...drag.dragHandleProps}
                      aria-label={t('stageSettings.dnd.handle', { name: nameOf(item) })}
                      className="flex h-8 w-6 cursor-grab items-center justify-center rounded text-muted-foreground focus-ring"
                    >
                      <GripVertical className="h-4 w-4" aria-hidden="true" />
                    </div>
                    <div className="flex min-w-0 flex-1 basis-32 items-center gap-3">{renderRow(item)}</div>
                    <div className="ml-auto flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="iconSm"
                        data-reorder={`${id}-${item.id}-up`}
                        disabled={index === 0}
                        aria-disabled={disabled || undefined}
                        aria-label={t('stageSettings.moveUp', { name: nameOf(item) })}
                        onClick={() => byButton(index, 'up')}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="iconSm"
                        data-reorder={`${id}-${item.id}-down`}
                        disabled={index === total - 1}
                        aria-disabled={disabled || undefined}
                        aria-label={t('stageSettings.moveDown', { name: nameOf(item) })}
                        onClick={() => byButton(index, 'down')}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      {actions(item)}
                    </div>
                  </li>
                )}
              </Draggable>
            ))}
            {provided.placeholder}
          </ol>
        )}
      </Droppable>
      <p aria-live="polite" className="sr-only">
        {message}
      </p>
    </DragDropContext>
  );
}
