import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/locale.tsx';
import { MESSAGE_TEXT_MAX, messageTextSchema } from '@market/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError, reportError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useDraft } from './use-draft.ts';

/** The counter shows from here on, as the limit nears. */
const COUNTER_FROM = MESSAGE_TEXT_MAX - 200;

/**
 * Why a send failed, in the words a person can act on. The server words its refusals of a
 * message for people (a blocked conversation, writing too fast, with how long to wait), so those
 * are shown as sent.
 */
function sendErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 429 && err.message) return err.message;
  return describeError(err);
}

/**
 * A box to write a message in: Enter sends, Shift+Enter starts a new line. What is typed is kept
 * as a draft under `draftKey` until it is sent; a refused send keeps it and says why.
 */
export function MessageComposer({
  draftKey,
  label,
  labelHidden = false,
  submitLabel,
  onSend,
  textareaRef,
  rows = 3,
}: {
  draftKey: string;
  label: string;
  /** The label is read by screen readers only (the thread's header says who it goes to). */
  labelHidden?: boolean;
  submitLabel: string;
  /** Sends the text; throws when the server refuses or fails. */
  onSend: (text: string) => Promise<void>;
  /** For a dialog that puts the keyboard in the box once it has opened. */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  rows?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const hydrated = useHydrated();
  const id = useId();
  const [text, setText] = useDraft(draftKey);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const boxRef = textareaRef ?? ownRef;
  const length = text.length;

  const send = async () => {
    if (sending) return;
    const checked = messageTextSchema.safeParse(text);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('messages.write'));
      boxRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(checked.data);
      setText('');
    } catch (err) {
      reportError('Sending a message', err);
      setError(sendErrorText(err));
    } finally {
      setSending(false);
      boxRef.current?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // A letter being composed (Japanese, Chinese input) takes Enter for itself.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={sending} className="flex flex-col gap-2">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <textarea
        id={id}
        ref={boxRef}
        rows={rows}
        value={text}
        disabled={!hydrated}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
        className={`textarea w-full resize-y ${error ? 'textarea-error' : ''}`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-base-content/80">
          {t('messages.hint')}
          {length >= COUNTER_FROM && (
            <span className={`ml-2 font-medium ${length > MESSAGE_TEXT_MAX ? 'text-error' : ''}`}>
              {t('messages.characters', {
                length: format.number(length),
                max: format.number(MESSAGE_TEXT_MAX),
              })}
            </span>
          )}
        </p>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!hydrated || sending}>
          {sending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {submitLabel}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error wrap-anywhere">
          {error}
        </p>
      )}
    </form>
  );
}
