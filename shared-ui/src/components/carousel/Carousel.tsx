import { useId, useState, type FocusEvent, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/a11y';
import { useMediaQuery } from '../../features/media/use-media-query.ts';
import { cx } from '../../styles/class-names.ts';
import { BrandLogoSkeleton } from '../skeleton/BrandLogoSkeleton.tsx';
import { ProductCardSkeleton } from '../skeleton/ProductCardSkeleton.tsx';
import { UserCardSkeleton } from '../skeleton/UserCardSkeleton.tsx';
import styles from './Carousel.module.css';

export interface CarouselPreset {
  /** Below the first breakpoint. */
  slidesPerView: number;
  spaceBetween: number;
  /** Window widths in px (min-width) to slides per view. */
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
  locked: boolean;
}

function maxSlidesPerView(preset: CarouselPreset): number {
  return Math.max(preset.slidesPerView, ...Object.values(preset.breakpoints).map((value) => value.slidesPerView));
}

/**
 * An accessible Swiper: a labelled region whose slides are labelled groups ("2 of 8"), with its own
 * previous/next buttons and, when it autoplays, a pause button first in the tab order. Arrow keys move it only
 * while focus is inside (Swiper's keyboard module otherwise listens on the whole page). Autoplay stops for
 * good when focus enters, as the ARIA carousel pattern asks, and never starts under reduced motion.
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
  const preset = CAROUSEL_PRESETS[presetName];
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const id = useId();
  const slidesId = `${id}-slides`;
  const titleId = `${id}-title`;
  const Heading = heading ? (`h${heading}` as const) : null;
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [edges, setEdges] = useState<Edges>({ beginning: true, end: false, locked: false });
  const [stopped, setStopped] = useState(false);

  // Loop mode needs more slides than fit on screen; with fewer it would only stutter.
  const canLoop = !loading && (loop ?? preset.loop) && items.length > Math.ceil(maxSlidesPerView(preset)) + 1;
  const autoplayOn = !loading && (autoplay ?? preset.autoplay) && !reducedMotion && items.length > 1;
  const playing = autoplayOn && !stopped;

  const sync = (instance: SwiperInstance) =>
    setEdges({ beginning: instance.isBeginning, end: instance.isEnd, locked: instance.isLocked });

  const stopAutoplay = () => {
    swiper?.autoplay.stop();
    setStopped(true);
  };

  const toggleAutoplay = () => {
    if (!swiper) return;
    if (playing) {
      stopAutoplay();
    } else {
      setStopped(false);
      swiper.autoplay.start();
    }
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    swiper?.keyboard.enable();
    // The pause button itself may take focus without stopping: pressing it is how to resume or stop.
    if (playing && !(event.target instanceof HTMLButtonElement && event.target.dataset.role === 'autoplay')) {
      stopAutoplay();
    }
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) swiper?.keyboard.disable();
  };

  const slides = loading
    ? Array.from({ length: preset.skeletonCount }, (_, index) => (
        <SwiperSlide key={`placeholder-${index}`} className={styles.slide}>
          {PLACEHOLDERS[presetName]()}
        </SwiperSlide>
      ))
    : items.map((item, index) => (
        <SwiperSlide key={getKey(item, index)} className={styles.slide}>
          {renderItem(item, index)}
        </SwiperSlide>
      ));

  const showArrows = !edges.locked || canLoop;

  return (
    <section
      className={cx(styles.carousel, styles[presetName], className)}
      aria-label={Heading ? undefined : label}
      aria-labelledby={Heading ? titleId : undefined}
      aria-roledescription={t('carousel.roleDescription')}
      aria-busy={loading || undefined}
      onFocus={onFocus}
      onBlur={onBlur}
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
            data-role="autoplay"
            aria-controls={slidesId}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
            onClick={toggleAutoplay}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
        )}
        {showArrows && (
          <>
            <button
              type="button"
              className={styles.control}
              aria-controls={slidesId}
              aria-label={t('carousel.previous')}
              disabled={!canLoop && edges.beginning}
              onClick={() => swiper?.slidePrev()}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={styles.control}
              aria-controls={slidesId}
              aria-label={t('carousel.next')}
              disabled={!canLoop && edges.end}
              onClick={() => swiper?.slideNext()}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      <Swiper
        // A new instance once the data arrives: loop and autoplay cannot be switched on a live Swiper.
        key={loading ? 'loading' : `ready-${canLoop}-${autoplayOn}`}
        className={styles.swiper}
        modules={[A11y, Autoplay, Keyboard]}
        slidesPerView={preset.slidesPerView}
        spaceBetween={preset.spaceBetween}
        breakpoints={preset.breakpoints}
        loop={canLoop}
        autoplay={autoplayOn ? { delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        keyboard={{ enabled: false, onlyInViewport: true, pageUpDown: false }}
        watchSlidesProgress
        a11y={{
          id: slidesId,
          itemRoleDescriptionMessage: t('carousel.slide'),
          // Swiper fills {{index}} and {{slidesLength}} itself; i18next only places them in the sentence.
          slideLabelMessage: t('carousel.slideLabel', { current: '{{index}}', total: '{{slidesLength}}' }),
        }}
        onSwiper={(instance) => {
          setSwiper(instance);
          sync(instance);
        }}
        onSlideChange={sync}
        onResize={sync}
        onBreakpoint={sync}
        onLock={sync}
        onUnlock={sync}
        onReachBeginning={sync}
        onReachEnd={sync}
        onFromEdge={sync}
      >
        {slides}
      </Swiper>
    </section>
  );
}
