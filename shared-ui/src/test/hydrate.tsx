import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';

/**
 * Renders `page` as the shell server would (renderToString), puts that markup in the document and hydrates it
 * in place, as the browser does; `between` runs in between (a browser whose clock is days past the server's
 * render, say). Returns the server's markup, the container (which shows the page after hydration) and every
 * hydration complaint: React's recoverable errors (a mismatch between the server's markup and the first browser
 * render) and anything logged as an error meanwhile. `unmount` cleans up.
 */
export async function renderOnServerThenHydrate(page: ReactElement, between?: () => void) {
  const serverHtml = renderToString(page);
  between?.();
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const complaints: unknown[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => complaints.push(args));
  const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => complaints.push(error) }));
  errors.mockRestore();
  return {
    serverHtml,
    container,
    complaints,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
