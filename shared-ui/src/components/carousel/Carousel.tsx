import { useHydrated } from '../../features/ssr/use-hydrated.ts';
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type Key,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../features/media/use-media-query.ts';
import { cx } from '../../styles/class-names.ts';
import { BrandLogoSkeleton } from '../skeleton/BrandLogoSkeleton.tsx';
import { ProductCardSkeleton } from '../skeleton/ProductCardSkeleton.tsx';
import { UserCardSkeleton } from '../skeleton/UserCardSkeleton.tsx';
import { ChevronIcon, PauseIcon, PlayIcon } from './carousel-icons.tsx';
import styles from './Carousel.module.css';
import { applyRovingTabIndex, revealSlide, slideFocusables, slideIndexOf } from './roving-focus.ts';

export interface CarouselPreset {
  /** Below the first breakpoint. */
  slidesPerView: number;
  spaceBetween: number;
  /**
   * Window widths in px (min-width) to slides per view. Only CAROUSEL_BREAKPOINTS widths take effect: the
   * stylesheet has a media query for each of those and no others.
   */
  breakpoints: Readonly<Record<number, { slidesPerView: number }>>;
  loop: boolean;
  autoplay: boolean;
  /** Spec section 9: how many placeholders show while the list loads. */
  skeletonCount: number;
}

/** Spec section 9: the widths at which the home carousels change their number of slides. */
export const CAROUSEL_BREAKPOINTS = [400, 639, 865, 1000] as const;
export const AUTOPLAY_DELAY_MS = 3000;
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function perView(base: number, ...widths: [number, number, number, number]) {
  return {
    slidesPerView: base,
    breakpoints: Object.fromEntries(
      CAROUSEL_BREAKPOINTS.map((width, index) => [width, { slidesPerView: widths[index] ?? base }]),
    ),
  };
}

/** Featured products: 1.2 / 2.2 / 3.2 / 3.8 / 4.6 slides at 0 / 400 / 639 / 865 / 1000 px, 15 px apart. */
export const PRODUCTS_CAROUSEL: CarouselPreset = {
  ...perView(1.2, 2.2, 3.2, 3.8, 4.6),
  spaceBetween: 15,
  loop: false,
  autoplay: false,
  skeletonCount: 5,
};

/** Featured users: 1 / 2 / 3 / 4 / 4 slides at the same widths. */
export const USERS_CAROUSEL: CarouselPreset = {
  ...perView(1, 2, 3, 4, 4),
  spaceBetween: 15,
  loop: false,
  autoplay: false,
  skeletonCount: 4,
};

/** Brands: small logos, looping and sliding by themselves. */
export const BRANDS_CAROUSEL: CarouselPreset = {
  ...perView(3, 4, 5, 6, 7),
  spaceBetween: 12,
  loop: true,
  autoplay: true,
  skeletonCount: 10,
};

export const CAROUSEL_PRESETS = {
  products: PRODUCTS_CAROUSEL,
  users: USERS_CAROUSEL,
  brands: BRANDS_CAROUSEL,
} as const satisfies Record<string, CarouselPreset>;

export type CarouselPresetName = keyof typeof CAROUSEL_PRESETS;

const PLACEHOLDERS: Record<CarouselPresetName, () => ReactNode> = {
  products: () => <ProductCardSkeleton />,
  users: () => <UserCardSkeleton />,
  brands: () => <BrandLogoSkeleton />,
};

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => Key;
  preset: CarouselPresetName;
  /** The region's accessible name; with `heading`, also its visible title. */
  label: string;
  /** Shows `label` as a heading of this level, on the line of the carousel's buttons. */
  heading?: 2 | 3;
  /** Override the preset's loop and autoplay. */
  loop?: boolean;
  autoplay?: boolean;
  /** Shows the preset's number of skeletons of the matching card instead of the items. */
  loading?: boolean;
  className?: string;
}

interface Edges {
  beginning: boolean;
  end: boolean;
  /** Every slide fits: there is nothing to scroll. */
  locked: boolean;
}

/** Scroll positions are fractional on zoomed and high-density screens; this much short of an edge is at it. */
const EDGE_TOLERANCE = 2;

function readEdges(track: HTMLElement): Edges {
  const max = track.scrollWidth - track.clientWidth;
  return {
    beginning: track.scrollLeft <= EDGE_TOLERANCE,
    end: track.scrollLeft >= max - EDGE_TOLERANCE,
    locked: max <= EDGE_TOLERANCE,
  };
}

/** One slide and one gap, measured rather than computed so it follows whichever breakpoint applies. */
function slideStep(track: HTMLElement): number {
  const [first, second] = Array.from(track.children);
  if (!first) return track.clientWidth;
  if (!second) return first.getBoundingClientRect().width;
  return second.getBoundingClientRect().left - first.getBoundingClientRect().left;
}

/** A field inside a slide keeps its arrow keys, Home and End for its own caret. */
function isTextField(target: EventTarget): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * An accessible carousel on the browser's own scrolling: a labelled region whose slides are labelled groups
 * ("2 of 8") in a scroll-snapping track, so swipes, trackpads and focus moving to a hidden slide all work
 * without script. Once hydrated, the slides are one tab stop (roving-focus.ts): the arrow keys, Home and End
 * move between them, wrapping round for looping presets, and Tab leaves the carousel, coming back to the slide
 * it left. The previous/next buttons are for pointers and stay out of the tab order, the arrow keys doing their
 * job; when it autoplays, the pause button is the carousel's first tab stop (WCAG 2.2.2). Autoplay stops for
 * good when focus enters, as the ARIA carousel pattern asks, waits while the mouse is over it, and never
 * starts under reduced motion.
 */
export function Carousel<T>({
  items,
  renderItem,
  getKey,
  preset: presetName,
  label,
  heading,
  loop,
  autoplay,
  loading = false,
  className,
}: CarouselProps<T>) {
  const { t } = useTranslation('ui');
  // Until hydrated, a click would be lost (see Button).
  const notReady = useHydrated() ? undefined : true;
  const preset = CAROUSEL_PRESETS[presetName];
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const id = useId();
  const slidesId = `${id}-slides`;
  const titleId = `${id}-title`;
  const Heading = heading ? (`h${heading}` as const) : null;
  const track = useRef<HTMLDivElement>(null);
  // The slide holding the tab stop. Only the DOM reads it (roving-focus.ts), so changing it renders nothing.
  const activeSlide = useRef(0);
  const [edges, setEdges] = useState<Edges>({ beginning: true, end: false, locked: false });
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);

  const canLoop = !loading && (loop ?? preset.loop);
  const autoplayOn = !loading && (autoplay ?? preset.autoplay) && !reducedMotion && items.length > 1;
  const playing = autoplayOn && !stopped;
  const behavior: ScrollBehavior = reducedMotion ? 'instant' : 'smooth';

  const sync = () => {
    if (!track.current) return;
    const next = readEdges(track.current);
    setEdges((current) =>
      current.beginning === next.beginning && current.end === next.end && current.locked === next.locked ? current : next,
    );
  };

  /** One slide either way; past an edge, `wrap` goes round to the other end and otherwise nothing moves. */
  const go = (direction: 1 | -1, wrap: boolean) => {
    const element = track.current;
    if (!element) return;
    const { beginning, end, locked } = readEdges(element);
    if (locked) return;
    if (direction === 1 && end) {
      if (wrap) element.scrollTo({ left: 0, behavior });
    } else if (direction === -1 && beginning) {
      if (wrap) element.scrollTo({ left: element.scrollWidth - element.clientWidth, behavior });
    } else {
      // Snapping lands it on the slide's edge even when the step and the slides differ by a rounding.
      element.scrollBy({ left: direction * slideStep(element), behavior });
    }
  };

  const rove = () => {
    if (track.current) activeSlide.current = Math.max(0, applyRovingTabIndex(track.current, activeSlide.current));
  };

  /** Gives slide `index` the tab stop and the focus, and scrolls it into view. */
  const focusSlide = (index: number) => {
    const element = track.current;
    const slide = element?.children[index];
    const target = slide ? slideFocusables(slide)[0] : undefined;
    if (!element || !slide || !target) return;
    activeSlide.current = index;
    rove();
    // The browser's own scrolling into view would jump, and could scroll the page as well as the track.
    target.focus({ preventScroll: true });
    revealSlide(element, slide, behavior);
  };

  const syncOnLayout = useEffectEvent(sync);
  const roveOnChange = useEffectEvent(rove);
  const advance = useEffectEvent(() => go(1, true));

  // Before paint, so a carousel whose slides all fit never flashes its arrows.
  useLayoutEffect(() => {
    syncOnLayout();
  }, [loading, items.length]);

  // The slides' width changes at the breakpoints and the track's with the page; either can move the end.
  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => syncOnLayout());
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [loading, items.length]);

  // After hydration, and whenever slides or the controls in them come and go: a card may render a button of its
  // own later (once it knows the session), and the carousel does not re-render for that.
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    roveOnChange();
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => roveOnChange());
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [loading]);

  useEffect(() => {
    if (!playing || hovered) return;
    // Past the last slide it starts again, looping or not: autoplay that stalls at the end looks broken.
    const timer = window.setInterval(() => advance(), AUTOPLAY_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, hovered]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // The pause button itself may take focus without stopping: pressing it is how to resume or stop.
    if (playing && !(event.target instanceof HTMLButtonElement && event.target.dataset.role === 'autoplay')) {
      setStopped(true);
    }
    // A click or a screen reader may focus any slide: Tab comes back to that one.
    const index = track.current ? slideIndexOf(track.current, event.target) : -1;
    if (index >= 0 && index !== activeSlide.current) {
      activeSlide.current = index;
      rove();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Alt+Left is the browser's Back; modified arrows and text fields keep their own meaning.
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTextField(event.target)) return;
    const element = track.current;
    const current = element ? slideIndexOf(element, event.target as Node) : -1;
    if (!element || current < 0) {
      // On the pause button the arrows still turn the carousel; there is no slide to move the focus from.
      const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (direction === 0) return;
      event.preventDefault();
      go(direction, canLoop);
      return;
    }
    const last = element.children.length - 1;
    let next: number;
    if (event.key === 'ArrowRight') next = current < last ? current + 1 : canLoop ? 0 : current;
    else if (event.key === 'ArrowLeft') next = current > 0 ? current - 1 : canLoop ? last : current;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    // Even at an end: the browser would otherwise scroll the track (arrows) or the page (Home, End).
    event.preventDefault();
    if (next !== current) focusSlide(next);
  };

  // Touch taps send pointer events too, with no leave until the next tap elsewhere: only a mouse pauses it.
  const onPointerEnter = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') setHovered(true);
  };

  const contents = loading
    ? Array.from({ length: preset.skeletonCount }, (_, index) => ({
        key: `placeholder-${index}`,
        node: PLACEHOLDERS[presetName](),
      }))
    : items.map((item, index) => ({ key: getKey(item, index), node: renderItem(item, index) }));

  return (
    <section
      className={cx(styles.carousel, styles[presetName], className)}
      aria-label={Heading ? undefined : label}
      aria-labelledby={Heading ? titleId : undefined}
      aria-roledescription={t('carousel.roleDescription')}
      aria-busy={loading || undefined}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
    >
      <div className={styles.controls}>
        {Heading && (
          <Heading id={titleId} className={styles.title}>
            {label}
          </Heading>
        )}
        {autoplayOn && (
          <button
            type="button"
            className={styles.control}
            aria-disabled={notReady}
            data-role="autoplay"
            aria-controls={slidesId}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
            onClick={() => setStopped(playing)}
          >
            {playing ? <PauseIcon className={styles.icon} /> : <PlayIcon className={cx(styles.icon, styles.filled)} />}
          </button>
        )}
        {!edges.locked && (
          <>
            <button
              type="button"
              className={styles.control}
              // The arrow keys do this from the slides; one tab stop fewer on every carousel.
              tabIndex={-1}
              aria-disabled={notReady}
              aria-controls={slidesId}
              aria-label={t('carousel.previous')}
              disabled={!canLoop && edges.beginning}
              onClick={() => go(-1, canLoop)}
            >
              <ChevronIcon direction="previous" className={styles.icon} />
            </button>
            <button
              type="button"
              className={styles.control}
              tabIndex={-1}
              aria-disabled={notReady}
              aria-controls={slidesId}
              aria-label={t('carousel.next')}
              disabled={!canLoop && edges.end}
              onClick={() => go(1, canLoop)}
            >
              <ChevronIcon direction="next" className={styles.icon} />
            </button>
          </>
        )}
      </div>
      <div
        // A fresh track once the data arrives: it starts at the first item, and the live region does not
        // read out every card as it replaces the placeholders.
        key={loading ? 'loading' : 'ready'}
        ref={track}
        id={slidesId}
        className={cx(styles.track, styles[presetName])}
        // The ARIA carousel pattern: silent while it turns by itself, polite once the visitor drives it.
        aria-live={playing ? 'off' : 'polite'}
        onScroll={sync}
      >
        {contents.map(({ key, node }, index) => (
          <div
            key={key}
            className={styles.slide}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { current: index + 1, total: contents.length })}
          >
            {node}
          </div>
        ))}
      </div>
      {!loading && items.length > 1 && (
        // Shown only while a slide has keyboard focus (the stylesheet), to the sighted keyboard user it is for.
        // Hidden from screen readers, whose own arrow keys read on rather than move between slides.
        <p className={styles.hint} aria-hidden="true" data-role="keys-hint">
          {t('carousel.keysHint')}
        </p>
      )}
    </section>
  );
}
