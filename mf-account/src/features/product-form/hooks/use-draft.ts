import { useEffect, useState } from 'react';

/**
 * Form values kept in local storage under `key` as they are typed, so a failed submission or a reload loses
 * nothing; `clear` forgets them once the form has been accepted. Files are not kept (they cannot be).
 */
export function useDraft<T extends object>(key: string, initial: T): [T, (change: Partial<T>) => void, () => void] {
  const [saved] = useState(() => {
    try {
      const text = localStorage.getItem(key);
      return text ? (JSON.parse(text) as Partial<T>) : null;
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
