import type { ProductPhoto } from '@linkhunt/contracts/photos';
import type { Product } from '@linkhunt/contracts/product';
import { Button } from '@linkhunt/shared-ui/components/button/Button.tsx';
import { Dialog } from '@linkhunt/shared-ui/components/dialog/Dialog.tsx';
import { imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { useContentLang } from '@linkhunt/shared-ui/features/i18n/use-content-lang.ts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../register-locales.ts';
import styles from './ProductGallery.module.css';

/** The full size's box: the image keeps this ratio before it arrives, so nothing shifts. */
export const PRODUCT_IMAGE_SIZE = 800;

type GalleryProduct = Pick<Product, 'image' | 'thumbnail' | 'title' | 'hidden' | 'language' | 'photos'>;

/** The product's photos in gallery order; an API without galleries gives none, and then the cover alone. */
function photosOf(product: GalleryProduct): ProductPhoto[] {
  return product.photos?.length ? product.photos : [{ id: 0, image: product.image, thumbnail: product.thumbnail, alt: '', qc: false }];
}

/**
 * The product's photos (issue "Finds people can judge"): one at a time in a track that scrolls and snaps (a swipe on
 * phones), with previous/next buttons, the arrow keys on the track, a row of thumbnails, and a zoom dialog. QC photos
 * (the agent's warehouse photos of the actual item) say so. Server-rendered whole, so the first photo is the page's
 * largest element and loads first; the others load lazily. The WAI-ARIA carousel pattern, without rotation.
 */
export function ProductGallery({ product }: { product: GalleryProduct }) {
  const { t } = useTranslation(NAMESPACE);
  const contentLang = useContentLang();
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const photos = photosOf(product);
  const altOf = (photo: ProductPhoto, index: number) => photo.alt || (photos.length > 1 ? t('gallery.photoOf', { title: product.title, n: index + 1 }) : product.title);
  // A photo's own alt text, and the title alone, are the uploader's words in the product's language; "<title>, photo
  // 2" is mostly the page's.
  const langOf = (photo: ProductPhoto) => (photo.alt || photos.length === 1 ? contentLang(product.language) : {});

  const show = (index: number) => {
    const next = Math.max(0, Math.min(photos.length - 1, index));
    setCurrent(next);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.current?.children[next]?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: reduced ? 'auto' : 'smooth' });
  };
  // The track reports the photo a swipe or a scroll settled on.
  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(Math.abs(element.scrollLeft) / element.clientWidth);
    if (index !== current) setCurrent(Math.min(photos.length - 1, index));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -photos.length, End: photos.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(current + step);
  };

  return (
    <section className={styles.gallery} aria-roledescription={t('gallery.roledescription')} aria-label={t('gallery.label')}>
      <div className={styles.stage}>
        <div
          ref={track}
          id={`${id}-track`}
          className={styles.track}
          // A group, focusable so the arrow keys move it; a screen reader reads each slide as a group in it.
          role="group"
          tabIndex={photos.length > 1 ? 0 : undefined}
          aria-label={t(photos.length > 1 ? 'gallery.trackLabel' : 'gallery.label')}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
        >
          {photos.map((photo, index) => (
            <div
              key={photo.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t('gallery.slide')}
              aria-label={t('gallery.position', { n: index + 1, count: photos.length })}
            >
              {index === 0 && <img className={styles.placeholder} src={imageUrl(photo.thumbnail)} alt="" decoding="async" />}
              <img
                className={styles.image}
                src={imageUrl(photo.image)}
                alt={altOf(photo, index)}
                {...langOf(photo)}
                width={PRODUCT_IMAGE_SIZE}
                height={PRODUCT_IMAGE_SIZE}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              {photo.qc && <span className={styles.qc}>{t('gallery.qc')}</span>}
              <button type="button" className={styles.zoom} onClick={() => setZoomed(index)} aria-label={t('gallery.zoom', { n: index + 1 })}>
                <ZoomIcon />
              </button>
            </div>
          ))}
        </div>
        {product.hidden === 1 && <span className={styles.badge}>{t('unavailable.badge')}</span>}
        {photos.length > 1 && (
          <>
            <button type="button" className={`${styles.step} ${styles.previous}`} onClick={() => show(current - 1)} disabled={current === 0} aria-controls={`${id}-track`} aria-label={t('gallery.previous')}>
              <Chevron />
            </button>
            <button type="button" className={`${styles.step} ${styles.next}`} onClick={() => show(current + 1)} disabled={current === photos.length - 1} aria-controls={`${id}-track`} aria-label={t('gallery.next')}>
              <Chevron />
            </button>
          </>
        )}
      </div>
      {photos.length > 1 && (
        <ol className={styles.thumbnails} aria-label={t('gallery.thumbnails')}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button type="button" className={styles.thumbnail} aria-current={index === current ? 'true' : undefined} onClick={() => show(index)}>
                <img src={imageUrl(photo.thumbnail)} alt={t('gallery.show', { n: index + 1 })} width={64} height={64} loading="lazy" decoding="async" />
                {photo.qc && <span className={styles.thumbnailQc}>QC</span>}
              </button>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={zoomed !== null} onClose={() => setZoomed(null)} title={t('gallery.zoomTitle', { n: (zoomed ?? 0) + 1, count: photos.length })}>
        {zoomed !== null && photos[zoomed] && <ZoomedPhoto src={imageUrl(photos[zoomed].image)} alt={altOf(photos[zoomed], zoomed)} />}
      </Dialog>
    </section>
  );
}

/** The photo in a scrollable frame, fitted, or at twice the width with its button (scrolling pans it). */
function ZoomedPhoto({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [large, setLarge] = useState(false);
  return (
    <div className={styles.zoomed}>
      <div className={styles.zoomFrame}>
        <img className={large ? styles.zoomLarge : styles.zoomFit} src={src} alt={alt} />
      </div>
      <Button variant="secondary" size="sm" aria-pressed={large} onClick={() => setLarge((now) => !now)}>
        {t('gallery.enlarge')}
      </Button>
    </div>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="m8 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function ZoomIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4M11 8v6M8 11h6" />
    </svg>
  );
}
