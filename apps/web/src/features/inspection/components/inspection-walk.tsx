import { useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  INSPECTION_CHECKS,
  INSPECTION_CHECK_LABELS,
  INSPECTION_NOTE_MAX,
  type Inspection,
  type InspectionAnswers,
  type InspectionCheck,
} from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError, reportError } from '../../../lib/errors.ts';
import { useCheckImei } from '../api/check-imei.ts';
import { useHandoverCode } from '../api/get-code.ts';
import { useSaveInspection } from '../api/save-inspection.ts';

type Step = 'imei' | 'signedOut' | 'battery' | InspectionCheck | 'verdict';

/** The steps in the order they are walked; the IMEI step only when the listing has an IMEI. */
function stepsOf(inspection: Inspection): Step[] {
  return [
    ...(inspection.imei === 'skipped' ? [] : (['imei'] as const)),
    'signedOut',
    'battery',
    ...INSPECTION_CHECKS,
    'verdict',
  ];
}

function answered(step: Step, inspection: Inspection): boolean {
  const { answers } = inspection;
  if (step === 'imei') return inspection.imei === 'matches';
  if (step === 'signedOut') return answers.signedOut === true;
  if (step === 'battery') return answers.batteryHealth !== null;
  if (step === 'verdict') return answers.verdict === 'accept';
  return answers.checks[step] !== null;
}

/** Where a reload resumes: the first step not answered yet. */
function firstOpen(inspection: Inspection): number {
  const steps = stepsOf(inspection);
  const index = steps.findIndex((step) => !answered(step, inspection));
  return index === -1 ? steps.length - 1 : index;
}

/** A refusal's own words: a field's message for bad input, else the answer's message. */
function messageOf(err: unknown): string {
  if (err instanceof ApiError && err.fields) {
    const first = Object.values(err.fields)[0];
    if (first) return first;
  }
  return describeError(err);
}

/** The server's words for why the phone fails, by their key here; others are shown as written. */
const FAILURES = new Map<string, 'imeiMismatch' | 'notSignedOut' | 'refused'>([
  ["The IMEI the phone shows does not match the listing's", 'imeiMismatch'],
  ['The seller did not sign out of Find My / Google', 'notSignedOut'],
  ['You refused the phone', 'refused'],
] as const);

/** The server's names of the steps still to answer, by their key here. */
const STEP_NAMES = new Map<string, 'imei' | 'signOut' | 'battery' | InspectionCheck>([
  ['IMEI', 'imei'],
  ['Find My / Google sign-out', 'signOut'],
  ['Battery health', 'battery'],
  ...INSPECTION_CHECKS.map((check) => [INSPECTION_CHECK_LABELS[check], check] as const),
]);

function failureText(t: TFunction, failure: string): string {
  const key = FAILURES.get(failure);
  return key ? t(`checkPhone.failure.${key}`) : failure;
}

function stepName(t: TFunction, name: string): string {
  const key = STEP_NAMES.get(name);
  if (!key) return name;
  return key === 'imei' || key === 'signOut' || key === 'battery'
    ? t(`checkPhone.missing.${key}`)
    : t(`checkPhone.check.${key}`);
}

const BIG = 'btn btn-lg h-auto min-h-14 w-full py-3 sm:w-auto';

function StepCard({
  number,
  total,
  title,
  children,
}: {
  number: number;
  total: number;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <p className="text-sm text-base-content/80">
          {t('checkPhone.step', { number: format.number(number), total: format.number(total) })}
        </p>
        <progress
          className="progress progress-primary w-full"
          value={number}
          max={total}
          aria-hidden="true"
        />
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="alert alert-error text-sm wrap-anywhere">
      {text}
    </p>
  );
}

/** The code, once the check is complete: what the buyer gives the seller. */
function CodePanel({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const code = useHandoverCode(bookingId, true);
  return (
    <section
      aria-label={t('checkPhone.code.label')}
      className="card border-2 border-success bg-base-100 shadow-sm"
    >
      <div className="card-body items-center gap-3 p-6 text-center">
        <p className="badge badge-success">{t('checkPhone.code.checked')}</p>
        <h2 className="text-lg font-bold">{t('checkPhone.code.title')}</h2>
        {code.isPending ? (
          <span className="loading loading-spinner" aria-label={t('checkPhone.code.loading')} />
        ) : code.isError ? (
          <>
            <Problem text={describeError(code.error)} />
            <button type="button" className="btn" onClick={() => void code.refetch()}>
              {t('checkPhone.tryAgain')}
            </button>
          </>
        ) : (
          <p className="font-mono text-5xl font-bold tracking-[0.2em]" data-testid="handover-code">
            {code.data.code}
          </p>
        )}
        <p className="text-sm">{t('checkPhone.code.give')}</p>
      </div>
    </section>
  );
}

/**
 * The buyer's check of the phone at the meeting, one step at a time, each saved as it is
 * answered (a reload resumes where it stopped). The code shows once the buyer takes the phone.
 * `cancel` is the page's way to cancel the deal, offered when the phone fails.
 */
export function InspectionWalk({
  inspection,
  cancel,
}: {
  inspection: Inspection;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const bookingId = inspection.bookingId;
  const save = useSaveInspection(bookingId);
  const imeiCheck = useCheckImei(bookingId);
  const [index, setIndex] = useState(() => firstOpen(inspection));
  const [problem, setProblem] = useState<string | null>(null);
  const [imei, setImei] = useState('');
  const [battery, setBattery] = useState(
    inspection.answers.batteryHealth === null ? '' : String(inspection.answers.batteryHealth),
  );
  const [faulty, setFaulty] = useState<InspectionCheck | null>(null);
  const [note, setNote] = useState('');
  const inputId = useId();

  const steps = stepsOf(inspection);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const total = steps.length;
  const busy = save.isPending || imeiCheck.isPending;

  if (inspection.status === 'complete') return <CodePanel bookingId={bookingId} />;

  async function answer(change: Partial<InspectionAnswers>, advance = true) {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        id: bookingId,
        answers: { ...inspection.answers, ...change },
      });
      setFaulty(null);
      setNote('');
      if (advance && saved.status !== 'failed') setIndex(firstOpen(saved));
    } catch (err) {
      reportError('Saving the check', err);
      setProblem(messageOf(err));
    }
  }

  async function tryImei() {
    setProblem(null);
    try {
      const result = await imeiCheck.mutateAsync({ id: bookingId, imei });
      if (result.matches) {
        setImei('');
        setIndex(firstOpen(result.inspection));
      }
    } catch (err) {
      reportError('Checking the IMEI', err);
      setProblem(messageOf(err));
    }
  }

  const back =
    index > 0 ? (
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        onClick={() => {
          setProblem(null);
          setFaulty(null);
          setIndex(index - 1);
        }}
      >
        {t('checkPhone.backStep')}
      </button>
    ) : null;

  const failed =
    inspection.status === 'failed' ? (
      <section
        role="alert"
        className="flex flex-col items-start gap-2 rounded-box border-2 border-error bg-error/10 p-4"
      >
        <h2 className="text-lg font-bold">{t('checkPhone.failed.title')}</h2>
        <ul className="list-disc pl-5 text-sm wrap-anywhere">
          {inspection.failures.map((failure) => (
            <li key={failure}>{failureText(t, failure)}</li>
          ))}
        </ul>
        <p className="text-sm">{t('checkPhone.failed.text')}</p>
        {cancel}
      </section>
    ) : null;

  let body: ReactNode;
  if (step === 'imei') {
    const noTries = inspection.imeiTriesLeft === 0 && inspection.imei !== 'matches';
    body = (
      <>
        <p>
          <Trans
            i18nKey="checkPhone.imei.ask"
            components={{ code: <strong className="font-mono" /> }}
          />
        </p>
        {inspection.imei === 'matches' ? (
          <p className="alert alert-success">{t('checkPhone.imei.matches')}</p>
        ) : inspection.imei === 'does_not_match' ? (
          <p className="alert alert-warning wrap-anywhere">
            {t('checkPhone.imei.noMatch')}{' '}
            {noTries
              ? t('checkPhone.imei.noTries')
              : t('checkPhone.imei.triesLeft', { count: inspection.imeiTriesLeft })}
          </p>
        ) : null}
        {!noTries && inspection.imei !== 'matches' && (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void tryImei();
            }}
          >
            <label className="form-control w-full sm:max-w-xs" htmlFor={inputId}>
              <span className="label-text mb-1 block">
                {t('checkPhone.imei.label', { digits: format.number(15) })}
              </span>
              <input
                id={inputId}
                className="input input-bordered input-lg w-full font-mono"
                inputMode="numeric"
                autoComplete="off"
                maxLength={40}
                value={imei}
                onChange={(event) => setImei(event.target.value)}
              />
            </label>
            <button type="submit" className={`${BIG} btn-primary`} disabled={busy || !imei}>
              {t('checkPhone.imei.check')}
            </button>
          </form>
        )}
        {inspection.imei === 'matches' && (
          <button type="button" className={`${BIG} btn-primary`} onClick={() => setIndex(1)}>
            {t('checkPhone.next')}
          </button>
        )}
      </>
    );
  } else if (step === 'signedOut') {
    body = (
      <>
        <p>{t('checkPhone.signedOut.ask')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className={`${BIG} btn-primary`}
            disabled={busy}
            aria-pressed={inspection.answers.signedOut === true}
            onClick={() => void answer({ signedOut: true })}
          >
            {t('checkPhone.signedOut.yes')}
          </button>
          <button
            type="button"
            className={`${BIG} btn-outline btn-error`}
            disabled={busy}
            aria-pressed={inspection.answers.signedOut === false}
            onClick={() => void answer({ signedOut: false })}
          >
            {t('checkPhone.signedOut.no')}
          </button>
        </div>
      </>
    );
  } else if (step === 'battery') {
    body = (
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const value = battery.trim() === '' ? Number.NaN : Number(battery);
          void answer({ batteryHealth: value });
        }}
      >
        <p>{t('checkPhone.battery.ask')}</p>
        <label className="form-control w-full sm:max-w-xs" htmlFor={inputId}>
          <span className="label-text mb-1 block">{t('checkPhone.battery.label')}</span>
          <input
            id={inputId}
            className="input input-bordered input-lg w-full"
            inputMode="numeric"
            type="number"
            min={0}
            max={100}
            value={battery}
            onChange={(event) => setBattery(event.target.value)}
          />
        </label>
        <button type="submit" className={`${BIG} btn-primary`} disabled={busy || !battery}>
          {t('checkPhone.battery.save')}
        </button>
      </form>
    );
  } else if (step === 'verdict') {
    const faults = INSPECTION_CHECKS.filter(
      (c) => inspection.answers.checks[c]?.result === 'faulty',
    );
    body = (
      <>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/80">{t('checkPhone.summary.imei')}</dt>
          <dd>
            {inspection.imei === 'skipped'
              ? t('checkPhone.summary.imeiSkipped')
              : inspection.imei === 'matches'
                ? t('checkPhone.summary.matches')
                : t('checkPhone.summary.notChecked')}
          </dd>
          <dt className="text-base-content/80">{t('checkPhone.summary.findMy')}</dt>
          <dd>
            {inspection.answers.signedOut
              ? t('checkPhone.summary.signedOut')
              : t('checkPhone.summary.notSignedOut')}
          </dd>
          <dt className="text-base-content/80">{t('checkPhone.summary.battery')}</dt>
          <dd>
            {inspection.answers.batteryHealth === null
              ? t('checkPhone.summary.notRead')
              : t('checkPhone.summary.percent', {
                  percent: format.number(inspection.answers.batteryHealth),
                })}
          </dd>
          {INSPECTION_CHECKS.map((check) => {
            const result = inspection.answers.checks[check];
            return (
              <div key={check} className="contents">
                <dt className="text-base-content/80">{t(`checkPhone.check.${check}`)}</dt>
                <dd className="wrap-anywhere">
                  {result === null
                    ? t('checkPhone.summary.notChecked')
                    : result.result === 'works'
                      ? t('checkPhone.works')
                      : result.note
                        ? t('checkPhone.summary.faultyNote', { note: result.note })
                        : t('checkPhone.faulty')}
                </dd>
              </div>
            );
          })}
        </dl>
        {faults.length > 0 && (
          <p className="alert alert-warning text-sm">{t('checkPhone.verdict.faults')}</p>
        )}
        {inspection.missing.length > 0 && (
          <p className="text-sm">
            {t('checkPhone.verdict.stillToCheck', {
              steps: inspection.missing.map((name) => stepName(t, name)).join(', '),
            })}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className={`${BIG} btn-success`}
            disabled={busy || inspection.missing.length > 0}
            onClick={() => void answer({ verdict: 'accept' })}
          >
            {t('checkPhone.verdict.take')}
          </button>
          <button
            type="button"
            className={`${BIG} btn-outline btn-error`}
            disabled={busy}
            onClick={() => void answer({ verdict: 'reject' })}
          >
            {t('checkPhone.verdict.refuse')}
          </button>
        </div>
      </>
    );
  } else {
    const current = inspection.answers.checks[step];
    body = (
      <>
        <p>{t(`checkPhone.hint.${step}`)}</p>
        {faulty === step ? (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void answer({
                checks: { ...inspection.answers.checks, [step]: { result: 'faulty', note } },
              });
            }}
          >
            <label className="form-control w-full" htmlFor={inputId}>
              <span className="label-text mb-1 block">{t('checkPhone.whatIsWrong')}</span>
              <input
                id={inputId}
                className="input input-bordered input-lg w-full"
                maxLength={INSPECTION_NOTE_MAX}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="submit" className={`${BIG} btn-warning`} disabled={busy}>
                {t('checkPhone.saveFaulty')}
              </button>
              <button type="button" className={`${BIG} btn-ghost`} onClick={() => setFaulty(null)}>
                {t('checkPhone.neverMind')}
              </button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className={`${BIG} btn-primary`}
              disabled={busy}
              aria-pressed={current?.result === 'works'}
              onClick={() =>
                void answer({
                  checks: { ...inspection.answers.checks, [step]: { result: 'works', note: '' } },
                })
              }
            >
              {t('checkPhone.works')}
            </button>
            <button
              type="button"
              className={`${BIG} btn-outline btn-warning`}
              disabled={busy}
              aria-pressed={current?.result === 'faulty'}
              onClick={() => {
                setNote(current?.note ?? '');
                setFaulty(step);
              }}
            >
              {t('checkPhone.faulty')}
            </button>
          </div>
        )}
      </>
    );
  }

  const titles: Record<Step, string> = {
    imei: t('checkPhone.titles.imei'),
    signedOut: t('checkPhone.titles.signedOut'),
    battery: t('checkPhone.titles.battery'),
    verdict: t('checkPhone.titles.verdict'),
    screen: t('checkPhone.check.screen'),
    cameras: t('checkPhone.check.cameras'),
    speakerMic: t('checkPhone.check.speakerMic'),
    charging: t('checkPhone.check.charging'),
    buttons: t('checkPhone.check.buttons'),
    sim: t('checkPhone.check.sim'),
  };

  return (
    <div className="space-y-4">
      {failed}
      {inspection.imei === 'skipped' && index === 0 && (
        <p className="alert text-sm">{t('checkPhone.noImei')}</p>
      )}
      <StepCard number={Math.min(index, total - 1) + 1} total={total} title={titles[step]}>
        {body}
        <Problem text={problem} />
        {back && <div>{back}</div>}
      </StepCard>
    </div>
  );
}
