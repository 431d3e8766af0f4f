import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../features/query/query-client.ts';

// Each test starts with an empty cache, as a new visit does.
afterEach(() => {
  cleanup();
  queryClient().clear();
});

/*
 * jsdom has no modal dialogs. Tests only need the open/closed state; the top layer, focus trap and Escape
 * belong to real browsers, so this stays here and never in the component.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

/* jsdom has no CSS.escape, which user-event needs to walk a radio group with the arrow keys. */
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string): string =>
    Array.from(String(value), (char, index) => {
      const code = char.codePointAt(0) ?? 0;
      if (code === 0) return '\uFFFD';
      if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) return `\\${code.toString(16)} `;
      if (index === 0 && code >= 0x30 && code <= 0x39) return `\\${code.toString(16)} `;
      if (code >= 0x80 || /[-_a-zA-Z0-9]/.test(char)) return char;
      return `\\${char}`;
    }).join('');
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape }, configurable: true });
}

/*
 * jsdom has no matchMedia (the carousel breakpoints and the reduced-motion check call it). Nothing matches, as on
 * a narrow screen with default preferences; a test that needs a match replaces window.matchMedia itself.
 */
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/* jsdom lays nothing out, so it has no scrollIntoView (the product gallery brings a photo into view with it). */
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}
