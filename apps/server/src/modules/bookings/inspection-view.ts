import {
  INSPECTION_CHECKS,
  INSPECTION_CHECK_LABELS,
  INSPECTION_IMEI_TRIES,
  emptyInspectionAnswers,
  inspectionAnswersSchema,
  type Inspection,
  type InspectionAnswers,
  type InspectionCheck,
  type InspectionImeiState,
  type InspectionStatus,
} from '@market/shared';
import { readDate } from '../../db/dialect.ts';

/** What an inspection's view is made of: the stored record (if any) and its deal. */
export interface InspectionFacts {
  bookingId: string;
  required: boolean;
  /** Whether the listing has an IMEI to check against. */
  listingHasImei: boolean;
  record: {
    answers: string;
    imeiState: string;
    imeiTries: number;
    completedAt: Date | string | null;
    updatedAt: Date | string;
  } | null;
}

export const IMEI_MISMATCH_FAILURE = "The IMEI the phone shows does not match the listing's";
export const NOT_SIGNED_OUT_FAILURE = 'The seller did not sign out of Find My / Google';
export const REFUSED_FAILURE = 'You refused the phone';

export function readAnswers(json: string | null | undefined): InspectionAnswers {
  if (!json) return emptyInspectionAnswers();
  const parsed = inspectionAnswersSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : emptyInspectionAnswers();
}

function imeiStateOf(facts: InspectionFacts): InspectionImeiState {
  if (!facts.listingHasImei) return 'skipped';
  const stored = facts.record?.imeiState;
  return stored === 'matches' || stored === 'does_not_match' ? stored : 'unchecked';
}

/** What can fail the deal at the check (the buyer's own refusal aside). */
export type InspectionFailure = 'imeiMismatch' | 'notSignedOut';
/** A step of the check. */
export type InspectionStep = 'imei' | 'signOut' | 'battery' | InspectionCheck;

const FAILURE_WORDS: Record<InspectionFailure, string> = {
  imeiMismatch: IMEI_MISMATCH_FAILURE,
  notSignedOut: NOT_SIGNED_OUT_FAILURE,
};

const STEP_NAMES: Record<InspectionStep, string> = {
  imei: 'IMEI',
  signOut: 'Find My / Google sign-out',
  battery: 'Battery health',
  ...INSPECTION_CHECK_LABELS,
};

/** What fails the deal in these answers (the buyer's own refusal aside). */
export function failingOf(
  imei: InspectionImeiState,
  answers: InspectionAnswers,
): InspectionFailure[] {
  const failures: InspectionFailure[] = [];
  if (imei === 'does_not_match') failures.push('imeiMismatch');
  if (answers.signedOut === false) failures.push('notSignedOut');
  return failures;
}

/** The steps still unanswered. */
export function unansweredOf(
  imei: InspectionImeiState,
  answers: InspectionAnswers,
): InspectionStep[] {
  const missing: InspectionStep[] = [];
  if (imei === 'unchecked') missing.push('imei');
  if (answers.signedOut === null) missing.push('signOut');
  if (answers.batteryHealth === null) missing.push('battery');
  for (const check of INSPECTION_CHECKS) {
    if (answers.checks[check] === null) missing.push(check);
  }
  return missing;
}

function isBlank(imei: InspectionImeiState, answers: InspectionAnswers): boolean {
  return (
    (imei === 'unchecked' || imei === 'skipped') &&
    answers.signedOut === null &&
    answers.batteryHealth === null &&
    answers.verdict === null &&
    INSPECTION_CHECKS.every((check) => answers.checks[check] === null)
  );
}

/** An inspection as the buyer and the seller read it. */
export function toInspection(facts: InspectionFacts): Inspection {
  const answers = readAnswers(facts.record?.answers);
  const imei = imeiStateOf(facts);
  const completedAt = facts.record?.completedAt ?? null;
  const failures = failingOf(imei, answers).map((failure) => FAILURE_WORDS[failure]);
  if (answers.verdict === 'reject') failures.push(REFUSED_FAILURE);
  let status: InspectionStatus;
  if (completedAt !== null) status = 'complete';
  else if (failures.length > 0) status = 'failed';
  else status = isBlank(imei, answers) ? 'not_started' : 'in_progress';
  return {
    bookingId: facts.bookingId,
    status,
    required: facts.required,
    imei,
    imeiTriesLeft: Math.max(0, INSPECTION_IMEI_TRIES - (facts.record?.imeiTries ?? 0)),
    answers,
    failures: status === 'complete' ? [] : failures,
    missing: unansweredOf(imei, answers).map((step) => STEP_NAMES[step]),
    completedAt: completedAt === null ? null : readDate(completedAt).toISOString(),
    updatedAt: facts.record ? readDate(facts.record.updatedAt).toISOString() : null,
  };
}
