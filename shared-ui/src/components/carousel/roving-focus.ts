/*
 * One tab stop per carousel (a "roving tabindex"): the active slide's controls are in the tab order, every other
 * slide's are taken out, and the arrow keys move between slides.
 *
 * The slides hold whatever the caller renders (a product card, a user card, a brand logo), so the carousel
 * cannot hand each one a tabIndex prop without every card taking one. It sets the attribute on the rendered
 * elements instead, from an effect: the server's markup and the first browser render stay identical (all
 * links tabbable, which is also right while no script runs the arrow keys), and any card works, whatever and
 * however many controls it has. React never writes a tabIndex the cards do not set, so it does not undo this.
 */

/** Whatever can take focus from the keyboard; what is actually in the tab order is read from tabIndex. */
const FOCUSABLE = 'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

/** Marks the elements the carousel has taken charge of, so one it took out of the tab order is still its own. */
export const ROVING_ATTRIBUTE = 'data-carousel-item';

/** A slide's own tab stops, and those the carousel has already taken out of the tab order. */
export function slideFocusables(slide: Element): HTMLElement[] {
  return Array.from(slide.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.hasAttribute(ROVING_ATTRIBUTE) || element.tabIndex >= 0,
  );
}

/**
 * Puts the controls of slide `active` in the tab order and takes every other slide's out. A slide with nothing
 * to focus cannot be the tab stop: the first one that has something is. Returns the slide that is, or -1.
 */
export function applyRovingTabIndex(track: HTMLElement, active: number): number {
  const perSlide = Array.from(track.children, slideFocusables);
  const current = perSlide[active]?.length ? active : perSlide.findIndex((focusables) => focusables.length > 0);
  perSlide.forEach((focusables, index) => {
    for (const element of focusables) {
      element.setAttribute(ROVING_ATTRIBUTE, '');
      element.tabIndex = index === current ? 0 : -1;
    }
  });
  return current;
}

/** The index of the slide holding `node`, or -1 when it is not in a slide (the buttons). */
export function slideIndexOf(track: HTMLElement, node: Node): number {
  return Array.from(track.children).findIndex((slide) => slide.contains(node));
}

/** Scroll positions are fractional on zoomed and high-density screens; this much short of an edge is at it. */
const TOLERANCE = 2;

/**
 * Scrolls the track just far enough to show the whole of `slide`, to a slide's start, where the track snaps
 * anyway: moving left, the slide itself comes first; moving right, the first slide from which it is all in
 * view does. Nothing moves when it already shows.
 */
export function revealSlide(track: HTMLElement, slide: Element, behavior: ScrollBehavior): void {
  // The track's scroll padding keeps room for the focus ring; a slide inside it is not fully in view.
  const inset = Number.parseFloat(getComputedStyle(track).getPropertyValue('scroll-padding-inline-start')) || 0;
  const start = track.getBoundingClientRect().left + inset;
  const end = start + track.clientWidth - 2 * inset;
  const box = slide.getBoundingClientRect();
  if (box.left < start - TOLERANCE) {
    track.scrollBy({ left: box.left - start, behavior });
    return;
  }
  if (box.right <= end + TOLERANCE) return;
  const needed = box.right - end;
  const offsets = Array.from(track.children, (child) => child.getBoundingClientRect().left - start);
  track.scrollBy({ left: offsets.find((offset) => offset >= needed - TOLERANCE) ?? box.left - start, behavior });
}
