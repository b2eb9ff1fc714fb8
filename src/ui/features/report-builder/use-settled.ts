import { useEffect, useState } from 'react';

/** Waits for the choices to settle (a typed source) before asking the server again. */
export function useSettled<T>(value: T, ms = 300): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
