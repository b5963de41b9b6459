import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingPhoto } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';

/** The main photo fills the column beside the details on a wide screen, the width on a phone. */
const MAIN_SIZES = '(min-width: 1024px) 50vw, 100vw';
const THUMB_SIZES = '80px';

/**
 * A listing's photos. The strip scrolls with a swipe on a phone (CSS scroll snapping, which works
 * before any script has loaded), with the arrow keys when it has the focus, with the buttons and
 * with the thumbnails; a click or tap on a photo opens it full size.
 */
export function ListingGallery({ photos, name }: { photos: ListingPhoto[]; name: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  /** The photo a button or key is scrolling to: the strip passes others on the way. */
  const heading = useRef<number | null>(null);
  const count = photos.length;

  const show = useCallback(
    (next: number) => {
      const target = Math.max(0, Math.min(count - 1, next));
      const element = strip.current;
      setIndex(target);
      heading.current = target;
      element?.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
    },
    [count],
  );

  // A swipe moves the strip itself: the photo in view becomes the current one.
  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const inView = Math.round(element.scrollLeft / element.clientWidth);
    if (heading.current !== null) {
      if (inView === heading.current) heading.current = null;
      return;
    }
    setIndex(inView);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
    else return;
    event.preventDefault();
  };

  const current = photos[index] ?? photos[0]!;
  const nth = (i: number) => ({ n: format.number(i + 1), count: format.number(count) });
  return (
    <section aria-label={t('gallery.photos')} className="min-w-0">
      <div
        className="relative"
        role="group"
        aria-roledescription="carousel"
        aria-label={t('gallery.photosOf', { name })}
      >
        <div
          ref={strip}
          tabIndex={0}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          aria-label={t('gallery.strip', nth(index))}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-box bg-base-200 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-primary"
        >
          {photos.map((photo, i) => (
            <button
              key={photo.url}
              type="button"
              tabIndex={-1}
              className="w-full shrink-0 snap-center cursor-zoom-in"
              onClick={() => {
                setIndex(i);
                setZoomed(true);
              }}
              aria-label={t('gallery.open', { n: format.number(i + 1) })}
            >
              <img
                src={photo.url}
                srcSet={photo.srcset}
                sizes={MAIN_SIZES}
                alt={t('gallery.photo', { name, ...nth(i) })}
                width={800}
                height={800}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="aspect-square w-full object-contain"
              />
            </button>
          ))}
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2"
              onClick={() => show(index - 1)}
              disabled={index === 0}
              aria-label={t('gallery.previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2"
              onClick={() => show(index + 1)}
              disabled={index === count - 1}
              aria-label={t('gallery.next')}
            >
              ›
            </button>
            <p
              className="badge badge-neutral absolute right-2 bottom-2"
              aria-live="polite"
              aria-atomic="true"
            >
              {t('gallery.position', nth(index))}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.thumbnails')}>
          {photos.map((photo, i) => (
            <li key={photo.url} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={t('gallery.show', { n: format.number(i + 1) })}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-primary' : 'border-transparent'}`}
              >
                <img
                  src={photo.url}
                  srcSet={photo.srcset}
                  sizes={THUMB_SIZES}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed && (
        <ZoomedPhoto
          photo={current}
          label={t('gallery.photo', { name, ...nth(index) })}
          onClose={() => setZoomed(false)}
          onStep={(step) => show(index + step)}
        />
      )}
    </section>
  );
}

/** One photo as large as the screen allows; Escape, a click or the button close it. */
function ZoomedPhoto({
  photo,
  label,
  onClose,
  onStep,
}: {
  photo: ListingPhoto;
  label: string;
  onClose: () => void;
  onStep: (step: number) => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-label={label}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') onStep(1);
        if (event.key === 'ArrowLeft') onStep(-1);
      }}
    >
      <div className="modal-box flex h-[92dvh] max-h-none w-[96vw] max-w-none flex-col gap-2 p-2">
        <form method="dialog" className="flex justify-end">
          <button type="submit" className="btn btn-sm">
            {t('dialog.close')}
          </button>
        </form>
        <button
          type="button"
          className="min-h-0 flex-1 cursor-zoom-out"
          onClick={() => dialog.current?.close()}
          aria-label={t('gallery.closeFull')}
        >
          <img
            src={photo.url}
            srcSet={photo.srcset}
            sizes="100vw"
            alt={label}
            className="h-full w-full object-contain"
          />
        </button>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t('dialog.close')}
        </button>
      </form>
    </dialog>
  );
}
