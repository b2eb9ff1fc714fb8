import { createContext, useContext, useEffect, useRef } from 'react';

// Without Radix on purpose: the Form primitive asks for this on every screen, the sign-in one included, whose
// first paint carries no dialog code.

/**
 * Asked before a dialog closes (Escape, a click outside, the close button, Cancel): true when it takes the close
 * over (a form with changes asks first), and calls `close` itself if the person confirms.
 */
export type CloseGuard = (close: () => void) => boolean;

/** The guards of the dialog around: each registered one is asked in turn. */
export type CloseGuards = Set<{ current: CloseGuard }>;

export const CloseGuardContext = createContext<CloseGuards | null>(null);

/** Whether a close may go ahead: false when a guard took it over. */
export function mayClose(guards: CloseGuards, close: () => void): boolean {
  for (const guard of guards) if (guard.current(close)) return false;
  return true;
}

/** Registers `guard` (its latest version) with the dialog around, if any; returns whether there is one. */
export function useCloseGuard(guard: CloseGuard): boolean {
  const guards = useContext(CloseGuardContext);
  const latest = useRef(guard);
  useEffect(() => {
    latest.current = guard;
  });
  useEffect(() => {
    if (!guards) return;
    guards.add(latest);
    return () => void guards.delete(latest);
  }, [guards]);
  return guards !== null;
}
