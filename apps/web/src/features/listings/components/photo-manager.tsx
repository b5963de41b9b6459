import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  PHOTOS_MAX,
  PHOTOS_MAX_MESSAGE,
  imageSrcSet,
  imageVariantUrl,
} from '@market/shared';
import { describeError } from '../../../lib/errors.ts';
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
  const [slots, setSlots] = useState<Slot[]>(() => initial.map(slotOf));
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
        ? `${PHOTOS_MAX_MESSAGE}: ${files.length - taken.length} not added`
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
    if (from !== null) reorder(from, to, `Photo moved to place ${to + 1}`);
  };

  const full = slots.filter((s) => s.error === null).length >= PHOTOS_MAX;
  return (
    <div className="flex flex-col gap-3">
      {slots.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos of the listing">
          {slots.map((slot, index) => {
            const label = slot.url ? `Photo ${index + 1}` : `Photo ${index + 1} (${slot.name})`;
            return (
              <li
                key={slot.key}
                draggable={slot.url !== null}
                onDragStart={() => {
                  dragged.current = index;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                aria-label={index === 0 ? `${label}, cover` : label}
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
                      {slot.name}: {slot.error}
                    </p>
                  ) : (
                    <div className="flex h-full flex-col items-center justify-center gap-2 p-2">
                      <span className="w-full truncate text-center text-xs">{slot.name}</span>
                      {slot.shrinking ? (
                        <span className="text-center text-xs">
                          Over {IMAGE_MAX_BYTES / 1024 / 1024} MB: making it smaller…
                        </span>
                      ) : (
                        <>
                          <progress
                            className="progress progress-primary w-full"
                            value={Math.round(slot.progress * 100)}
                            max={100}
                            aria-label={`Uploading ${slot.name}`}
                          />
                          <span className="text-xs">{Math.round(slot.progress * 100)}%</span>
                        </>
                      )}
                    </div>
                  )}
                  {index === 0 && slot.url && (
                    <span className="badge badge-primary badge-sm absolute top-1 left-1">
                      Cover
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
                        onClick={() => reorder(index, index - 1, `Photo moved to place ${index}`)}
                        aria-label={`Move photo ${index + 1} earlier`}
                      >
                        ←
                      </button>
                      <button
                        type="button"
                        className="btn btn-xs"
                        disabled={index === slots.length - 1}
                        onClick={() =>
                          reorder(index, index + 1, `Photo moved to place ${index + 2}`)
                        }
                        aria-label={`Move photo ${index + 1} later`}
                      >
                        →
                      </button>
                      {index !== 0 && (
                        <button
                          type="button"
                          className="btn btn-xs"
                          onClick={() => reorder(index, 0, 'Photo made the cover')}
                          aria-label={`Make photo ${index + 1} the cover`}
                        >
                          Cover
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
                      setNotice(`Photo ${index + 1} removed`);
                    }}
                    aria-label={`Remove photo ${index + 1}`}
                  >
                    Remove
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
          {uploaded.length} of {PHOTOS_MAX} photos. The first is the cover; drag or use the arrows
          to change the order.
        </span>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {full && !notice ? PHOTOS_MAX_MESSAGE : notice}
      </p>
    </div>
  );
}
