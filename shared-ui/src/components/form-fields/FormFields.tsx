import type { ReactNode } from 'react';
import { useHydrated } from '../../features/ssr/use-hydrated.ts';

/**
 * A server-rendered form's fields, disabled until the page has hydrated: typed or submitted before, they would
 * be lost, or sent by the browser itself as a GET with the password in the address. Laid out as if absent.
 */
export function FormFields({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-fields" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
