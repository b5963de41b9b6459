import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  PHOTOS_MAX,
  imageSrcSet,
  imageVariantUrl,
} from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { useKnownText } from '../../../i18n/known-texts.ts';
import { useDescribeError } from '../../../lib/errors.ts';
import { shrinkImage } from '../../../lib/shrink-image.ts';
import { imageFileProblem } from '../../../lib/upload-image.ts';
import { uploadPhoto } from '../api/upload-photo.ts';

interface Slot {
  key: string;
  /** The file's name while it uploads or when it failed. */
  name: string;
  url: string | null;
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
  /** True while a photo over the size limit is made smaller, before it uploads. */
  shrinking: boolean;
}

let nextKey = 0;
const slotOf = (url: string): Slot => ({
  key: `photo-${nextKey++}`,
  name: '',
  url,
  progress: 1,
  error: null,
  shrinking: false,
});

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The listing's photos: each picked file uploads at once with its own progress bar; photos move
 * by drag or by their buttons (the keyboard reaches every button), the first is the cover, and
 * a listing has at most 8. `onChange` gets the uploaded photos' URLs in order; `onBusyChange`
 * says whether any upload is still under way.
 */
export function PhotoManager({
  inputId,
  initial,
  onChange,
  onBusyChange,
  error,
  describedBy,
}: {
  /** The file input's id, which the field's label names. */
  inputId: string;
  initial: readonly string[];
  onChange: (urls: string[]) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const known = useKnownText();
  const describeError = useDescribeError();
  const [slots, setSlots] = useState<Slot[]>(() => initial.map(slotOf));
  const limit = t('forms.messages.photoMax', { max: format.number(PHOTOS_MAX) });
  const n = (value: number) => format.number(value);
  const [notice, setNotice] = useState('');
  const dragged = useRef<number | null>(null);
  const reported = useRef<string>(JSON.stringify(initial));

  const uploaded = slots.filter((s) => s.url !== null).map((s) => s.url!);
  const busy = slots.some((s) => s.url === null && s.error === null);
  useEffect(() => {
    const key = JSON.stringify(uploaded);
    if (key !== reported.current) {
      reported.current = key;
      onChange(uploaded);
    }
  }, [uploaded, onChange]);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const update = (key: string, change: Partial<Slot>) =>
    setSlots((current) => current.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const add = (files: File[]) => {
    const room = PHOTOS_MAX - slots.filter((s) => s.error === null).length;
    const taken = files.slice(0, Math.max(0, room));
    setNotice(
      files.length > taken.length
        ? t('photos.notAdded', { limit, count: files.length - taken.length })
        : '',
    );
    const fresh = taken.map((file) => {
      const slot: Slot = { ...slotOf(''), url: null, name: file.name, progress: 0 };
      const problem = imageFileProblem(file, { shrinks: true });
      if (problem) return { ...slot, error: problem };
      // A photo over the limit is made smaller here first, then uploads like any other.
      const shrinking = file.size > IMAGE_MAX_BYTES;
      shrinkImage(file)
        .then((ready) => {
          if (shrinking) update(slot.key, { shrinking: false });
          return uploadPhoto(ready, (progress) => update(slot.key, { progress }));
        })
        .then(
          (data) => update(slot.key, { url: data.url, progress: 1 }),
          (err: unknown) => update(slot.key, { error: describeError(err), shrinking: false }),
        );
      return { ...slot, shrinking };
    });
    setSlots((current) => [...current, ...fresh]);
  };

  const reorder = (from: number, to: number, what: string) => {
    if (to < 0 || to >= slots.length || from === to) return;
    setSlots((current) => move(current, from, to));
    setNotice(what);
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragged.current;
    dragged.current = null;
    if (from !== null) reorder(from, to, t('photos.moved', { place: n(to + 1) }));
  };

  const full = slots.filter((s) => s.error === null).length >= PHOTOS_MAX;
  return (
    <div className="flex flex-col gap-3">
      {slots.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('photos.list')}>
          {slots.map((slot, index) => {
            const label = slot.url
              ? t('photos.photo', { number: n(index + 1) })
              : t('photos.photoNamed', { number: n(index + 1), name: slot.name });
            return (
              <li
                key={slot.key}
                draggable={slot.url !== null}
                onDragStart={() => {
                  dragged.current = index;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                aria-label={index === 0 ? t('photos.coverLabel', { label }) : label}
                className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-2"
              >
                <div className="relative aspect-square overflow-hidden rounded-lg bg-base-200">
                  {slot.url ? (
                    <img
                      src={imageVariantUrl(slot.url, 320) ?? slot.url}
                      srcSet={imageSrcSet(slot.url, { full: false })}
                      sizes="160px"
                      alt={label}
                      width={160}
                      height={160}
                      className="h-full w-full cursor-grab object-cover"
                    />
                  ) : slot.error ? (
                    <p role="alert" className="p-2 text-sm text-error wrap-anywhere">
                      {t('photos.failed', { name: slot.name, problem: known(slot.error) })}
                    </p>
                  ) : (
                    <div className="flex h-full flex-col items-center justify-center gap-2 p-2">
                      <span className="w-full truncate text-center text-xs">{slot.name}</span>
                      {slot.shrinking ? (
                        <span className="text-center text-xs">
                          {t('photos.shrinking', { size: n(IMAGE_MAX_BYTES / 1024 / 1024) })}
                        </span>
                      ) : (
                        <>
                          <progress
                            className="progress progress-primary w-full"
                            value={Math.round(slot.progress * 100)}
                            max={100}
                            aria-label={t('photos.uploading', { name: slot.name })}
                          />
                          <span className="text-xs">
                            {t('photos.percent', { percent: n(Math.round(slot.progress * 100)) })}
                          </span>
                        </>
                      )}
                    </div>
                  )}
                  {index === 0 && slot.url && (
                    <span className="badge badge-primary badge-sm absolute top-1 left-1">
                      {t('photos.cover')}
                    </span>
                  )}
                </div>
                <div className="flex flex-wrap justify-center gap-1">
                  {slot.url && (
                    <>
                      <button
                        type="button"
                        className="btn btn-xs"
                        disabled={index === 0}
                        onClick={() =>
                          reorder(index, index - 1, t('photos.moved', { place: n(index) }))
                        }
                        aria-label={t('photos.earlier', { number: n(index + 1) })}
                      >
                        ←
                      </button>
                      <button
                        type="button"
                        className="btn btn-xs"
                        disabled={index === slots.length - 1}
                        onClick={() =>
                          reorder(index, index + 1, t('photos.moved', { place: n(index + 2) }))
                        }
                        aria-label={t('photos.later', { number: n(index + 1) })}
                      >
                        →
                      </button>
                      {index !== 0 && (
                        <button
                          type="button"
                          className="btn btn-xs"
                          onClick={() => reorder(index, 0, t('photos.madeCover'))}
                          aria-label={t('photos.makeCover', { number: n(index + 1) })}
                        >
                          {t('photos.cover')}
                        </button>
                      )}
                    </>
                  )}
                  <button
                    type="button"
                    className="btn btn-xs btn-error btn-outline"
                    disabled={slot.url === null && slot.error === null}
                    onClick={() => {
                      setSlots((current) => current.filter((s) => s.key !== slot.key));
                      setNotice(t('photos.removed', { number: n(index + 1) }));
                    }}
                    aria-label={t('photos.removeLabel', { number: n(index + 1) })}
                  >
                    {t('photos.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          disabled={full}
          className={`file-input file-input-sm w-full max-w-xs ${error ? 'file-input-error' : ''}`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <span className="text-sm text-base-content/80">
          {t('photos.count', { count: uploaded.length, max: n(PHOTOS_MAX) })}
        </span>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {full && !notice ? limit : notice}
      </p>
    </div>
  );
}
