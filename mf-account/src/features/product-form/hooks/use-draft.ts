import { useEffect, useState } from 'react';

/**
 * Form values kept in local storage under `key` as they are typed, so a failed submission or a reload loses
 * nothing; `clear` forgets them once the form has been accepted. Files are not kept (they cannot be).
 * `revive` brings a draft an older version of the form stored up to the values' present shape.
 */
export function useDraft<T extends object>(
  key: string,
  initial: T,
  revive: (saved: Record<string, unknown>) => Partial<T> = (saved) => saved as Partial<T>,
): [T, (change: Partial<T>) => void, () => void] {
  const [saved] = useState(() => {
    try {
      const text = localStorage.getItem(key);
      const parsed: unknown = text ? JSON.parse(text) : null;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? revive(parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  });
  const [values, setValues] = useState<T>(() => ({ ...initial, ...saved }));
  // Only what the visitor typed is a draft: an untouched edit form must keep following the saved product.
  const [kept, setKept] = useState(saved !== null);

  useEffect(() => {
    if (!kept) return;
    try {
      localStorage.setItem(key, JSON.stringify(values));
    } catch {
      // A full or blocked storage only costs the draft.
    }
  }, [key, values, kept]);

  const update = (change: Partial<T>) => {
    setKept(true);
    setValues((current) => ({ ...current, ...change }));
  };
  const clear = () => {
    setKept(false);
    localStorage.removeItem(key);
  };
  return [values, update, clear];
}
