import { useId, useState, type ReactNode } from 'react';
import {
  INSPECTION_CHECKS,
  INSPECTION_CHECK_HINTS,
  INSPECTION_CHECK_LABELS,
  INSPECTION_NOTE_MAX,
  type Inspection,
  type InspectionAnswers,
  type InspectionCheck,
} from '@market/shared';
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
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <p className="text-sm text-base-content/80">
          Step {number} of {total}
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
  const code = useHandoverCode(bookingId, true);
  return (
    <section
      aria-label="Hand-over code"
      className="card border-2 border-success bg-base-100 shadow-sm"
    >
      <div className="card-body items-center gap-3 p-6 text-center">
        <p className="badge badge-success">Checked at hand-over</p>
        <h2 className="text-lg font-bold">Your hand-over code</h2>
        {code.isPending ? (
          <span className="loading loading-spinner" aria-label="Loading the code" />
        ) : code.isError ? (
          <>
            <Problem text={describeError(code.error)} />
            <button type="button" className="btn" onClick={() => void code.refetch()}>
              Try again
            </button>
          </>
        ) : (
          <p className="font-mono text-5xl font-bold tracking-[0.2em]" data-testid="handover-code">
            {code.data.code}
          </p>
        )}
        <p className="text-sm">
          Give it to the seller only when you are satisfied and have paid: it completes the deal.
        </p>
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
        Back
      </button>
    ) : null;

  const failed =
    inspection.status === 'failed' ? (
      <section
        role="alert"
        className="flex flex-col items-start gap-2 rounded-box border-2 border-error bg-error/10 p-4"
      >
        <h2 className="text-lg font-bold">The phone does not pass the check</h2>
        <ul className="list-disc pl-5 text-sm wrap-anywhere">
          {inspection.failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
        <p className="text-sm">
          The code stays hidden. Do not pay. You may cancel the deal: the seller sees why.
        </p>
        {cancel}
      </section>
    ) : null;

  let body: ReactNode;
  if (step === 'imei') {
    const noTries = inspection.imeiTriesLeft === 0 && inspection.imei !== 'matches';
    body = (
      <>
        <p>
          Ask the seller to dial <strong className="font-mono">*#06#</strong> on the phone, and type
          the IMEI it shows. We only say whether it matches the listing.
        </p>
        {inspection.imei === 'matches' ? (
          <p className="alert alert-success">The IMEI matches the listing.</p>
        ) : inspection.imei === 'does_not_match' ? (
          <p className="alert alert-warning wrap-anywhere">
            The IMEI does not match the listing.{' '}
            {noTries
              ? 'No tries are left.'
              : `Check the digits: ${inspection.imeiTriesLeft} ${inspection.imeiTriesLeft === 1 ? 'try' : 'tries'} left.`}
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
              <span className="label-text mb-1 block">IMEI (15 digits)</span>
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
              Check the IMEI
            </button>
          </form>
        )}
        {inspection.imei === 'matches' && (
          <button type="button" className={`${BIG} btn-primary`} onClick={() => setIndex(1)}>
            Next
          </button>
        )}
      </>
    );
  } else if (step === 'signedOut') {
    body = (
      <>
        <p>
          Ask the seller to sign out of Find My (iPhone: Settings → their name → Sign Out) or of
          their Google account (Android: Settings → Accounts), in front of you. Otherwise the phone
          stays locked to them.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className={`${BIG} btn-primary`}
            disabled={busy}
            aria-pressed={inspection.answers.signedOut === true}
            onClick={() => void answer({ signedOut: true })}
          >
            Yes, signed out
          </button>
          <button
            type="button"
            className={`${BIG} btn-outline btn-error`}
            disabled={busy}
            aria-pressed={inspection.answers.signedOut === false}
            onClick={() => void answer({ signedOut: false })}
          >
            No, not signed out
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
        <p>
          Read the battery health in the phone&apos;s settings (iPhone: Settings → Battery → Battery
          Health; most Android phones: Settings → Battery).
        </p>
        <label className="form-control w-full sm:max-w-xs" htmlFor={inputId}>
          <span className="label-text mb-1 block">Battery health (%)</span>
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
          Save and go on
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
          <dt className="text-base-content/80">IMEI</dt>
          <dd>
            {inspection.imei === 'skipped'
              ? 'Skipped: the listing has no IMEI'
              : inspection.imei === 'matches'
                ? 'Matches'
                : 'Not checked'}
          </dd>
          <dt className="text-base-content/80">Find My / Google</dt>
          <dd>{inspection.answers.signedOut ? 'Signed out' : 'Not signed out'}</dd>
          <dt className="text-base-content/80">Battery health</dt>
          <dd>
            {inspection.answers.batteryHealth === null
              ? 'Not read'
              : `${inspection.answers.batteryHealth}%`}
          </dd>
          {INSPECTION_CHECKS.map((check) => {
            const result = inspection.answers.checks[check];
            return (
              <div key={check} className="contents">
                <dt className="text-base-content/80">{INSPECTION_CHECK_LABELS[check]}</dt>
                <dd className="wrap-anywhere">
                  {result === null
                    ? 'Not checked'
                    : result.result === 'works'
                      ? 'Works'
                      : `Faulty${result.note ? `: ${result.note}` : ''}`}
                </dd>
              </div>
            );
          })}
        </dl>
        {faults.length > 0 && (
          <p className="alert alert-warning text-sm">
            You found faults. Take the phone only if you accept it as it is.
          </p>
        )}
        {inspection.missing.length > 0 && (
          <p className="text-sm">Still to check: {inspection.missing.join(', ')}.</p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className={`${BIG} btn-success`}
            disabled={busy || inspection.missing.length > 0}
            onClick={() => void answer({ verdict: 'accept' })}
          >
            Take the phone and show the code
          </button>
          <button
            type="button"
            className={`${BIG} btn-outline btn-error`}
            disabled={busy}
            onClick={() => void answer({ verdict: 'reject' })}
          >
            Refuse the phone
          </button>
        </div>
      </>
    );
  } else {
    const current = inspection.answers.checks[step];
    body = (
      <>
        <p>{INSPECTION_CHECK_HINTS[step]}</p>
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
              <span className="label-text mb-1 block">What is wrong? (optional)</span>
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
                Save as faulty
              </button>
              <button type="button" className={`${BIG} btn-ghost`} onClick={() => setFaulty(null)}>
                Never mind
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
              Works
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
              Faulty
            </button>
          </div>
        )}
      </>
    );
  }

  const titles: Record<Step, string> = {
    imei: 'Does the IMEI match?',
    signedOut: 'Signed out of Find My / Google?',
    battery: 'Battery health',
    verdict: 'Take the phone?',
    ...INSPECTION_CHECK_LABELS,
  };

  return (
    <div className="space-y-4">
      {failed}
      {inspection.imei === 'skipped' && index === 0 && (
        <p className="alert text-sm">
          This listing has no IMEI, so the IMEI step is skipped. Check the rest with care.
        </p>
      )}
      <StepCard number={Math.min(index, total - 1) + 1} total={total} title={titles[step]}>
        {body}
        <Problem text={problem} />
        {back && <div>{back}</div>}
      </StepCard>
    </div>
  );
}
