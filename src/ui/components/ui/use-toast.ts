import { useSyncExternalStore } from 'react';

// SPEC §9: at most one toast at a time; a dismissed toast is removed from memory after this delay.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast (an undo); altText says how to do the same without it. */
  action?: { label: string; altText: string; onClick: () => void };
  open: boolean;
}

let toasts: ToastData[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id: string): void {
  scheduleRemoval(id);
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: Omit<ToastData, 'id' | 'open'>): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useToasts = (): ToastData[] => useSyncExternalStore(subscribe, () => toasts);
