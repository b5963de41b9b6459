import type { ErrorCode, ErrorResponse } from '@market/shared';
import {
  ERROR_CODE_FOR_STATUS,
  forbidden,
  reason,
  type AppError,
  type Refusal,
} from '../../lib/errors.ts';

/** Better Auth's refusals of a request that came from another site. */
const WRONG_ORIGIN_CODES = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
]);

/**
 * Why a state-changing request from another address was refused, in words that say where the
 * product is: without PUBLIC_URL, a page's own address is always right.
 */
export function wrongOrigin(publicUrl: string | null): Refusal {
  return publicUrl ? reason('common.wrongOrigin', { address: publicUrl }) : 'common.otherSite';
}

export interface TranslatedError {
  status: number;
  body: ErrorResponse;
}

/**
 * Better Auth's error answer (`{ message, code }`, or no body at all) as the API's one error
 * shape. 5xx answers are not translated here: they are thrown and answered by the app's error
 * handler, which logs them.
 */
export function translateAuthError(
  status: number,
  text: string,
  request: { method: string; path: string; publicUrl: string | null },
): TranslatedError | AppError {
  const { message, code, fields } = parseBody(text);
  const out = (s: number, c: ErrorCode, m: string, f?: Record<string, string>) => ({
    status: s,
    body: { error: { code: c, message: m, ...(f ? { fields: f } : {}) } },
  });

  if (code && WRONG_ORIGIN_CODES.has(code)) {
    return forbidden(wrongOrigin(request.publicUrl));
  }
  if (code === 'VALIDATION_FAILED' || code === 'VALIDATION_ERROR') {
    const found = fields ?? fieldsOf(message);
    const [first] = Object.entries(found);
    const text = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : message;
    return out(400, 'VALIDATION_FAILED', text ?? 'Invalid request', found);
  }
  if (code === 'INVALID_EMAIL') {
    return out(400, 'VALIDATION_FAILED', 'email: Invalid email', { email: 'Invalid email' });
  }
  if (code?.startsWith('USER_ALREADY_EXISTS')) {
    return out(409, 'CONFLICT', message ?? 'An account with this email already exists');
  }
  if (status === 404) {
    return out(404, 'NOT_FOUND', message ?? `No route for ${request.method} ${request.path}`);
  }
  // Anything else Better Auth refuses (422, 405, 417...) is the request's fault.
  const known = ERROR_CODE_FOR_STATUS[status];
  return out(
    known ? status : 400,
    known ?? 'BAD_REQUEST',
    message ?? (status === 429 ? 'Too many requests. Try again later.' : 'Invalid request'),
  );
}

function parseBody(text: string): {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
} {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return {};
    const { message, code, fields } = parsed as Record<string, unknown>;
    return {
      ...(typeof message === 'string' && message ? { message } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(fields && typeof fields === 'object' ? { fields: fields as Record<string, string> } : {}),
    };
  } catch {
    // Not JSON: a plain "Not Found" or similar, which the status already says.
    return {};
  }
}

/** Better Auth's validation text, "[body.email] Invalid input; [body.password] ...", by field. */
function fieldsOf(message: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of (message ?? '').split('; ')) {
    const match = /^\[(?:body|query)\.?([^\]]*)\]\s*(.+)$/.exec(part);
    if (match) fields[match[1] || '_'] ??= match[2]!;
    else if (part) fields._ ??= part;
  }
  return fields;
}
