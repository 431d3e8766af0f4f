import { useSyncExternalStore } from 'react';

/** The last open dialog in the document: Dialog only opens modals, and nested ones come later in the DOM. */
function openDialog(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.item(open.length - 1) ?? null;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

/**
 * The open modal dialog, if any. A modal sits in the browser's top layer, above every z-index, and makes the
 * rest of the page inert (unseen by screen readers too), so toasts must move inside it while it is open.
 * (A non-modal dialog would host them harmlessly: they are fixed to the viewport either way.)
 */
export function useModalHost(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, openDialog, () => null);
}
