import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@market/shared';
import { ApiError, networkError, toApiError } from './api-client.ts';
import { createI18n } from '../i18n/i18n.ts';
import en from '../i18n/locales/en.json';
import bn from '../i18n/locales/bn.json';
import {
  ERROR_TEXTS,
  describeError,
  describeErrorIn,
  notifyError,
  reportError,
  showFormError,
} from './errors.ts';
import { toast } from './toast.ts';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return toApiError(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

describe('reading an error answer', () => {
  it("reads the API's shape with its fields and the wait it asks for", async () => {
    const err = await answer(
      429,
      { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again later.' } },
      { 'retry-after': '120' },
    );
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120 });

    const invalid = await answer(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'phone: Too short',
        fields: { phone: 'Too short' },
      },
    });
    expect(invalid.fields).toEqual({ phone: 'Too short' });
  });

  it("reads Better Auth's own shape, and a body that is not JSON", async () => {
    const err = await answer(401, {
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(err).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    const bare = await toApiError(new Response('Bad Gateway', { status: 502 }));
    expect(bare).toMatchObject({ status: 502, code: 'INTERNAL', message: '' });
  });
});

describe('the message a person reads', () => {
  const wrongCredentials = { unauthorized: MESSAGES.invalidCredentials };

  it('says "Invalid email or password" only for a refused sign-in', async () => {
    const refused = await answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' });
    expect(describeError(refused, wrongCredentials)).toBe('Invalid email or password');
    expect(describeError(refused)).toBe(ERROR_TEXTS.unauthorized);

    const failures = [
      await answer(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } }),
      await answer(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } }),
      await answer(429, { error: { code: 'RATE_LIMITED', message: 'Slow down' } }),
      networkError(),
      new TypeError('x is undefined'),
    ];
    for (const failure of failures) {
      expect(describeError(failure, wrongCredentials)).not.toBe('Invalid email or password');
    }
  });

  it('gives a server error, a lost connection and too many attempts their own words', async () => {
    const serverError = await answer(500, { error: { code: 'INTERNAL', message: 'boom' } });
    expect(describeError(serverError)).toBe('Something went wrong on our side. Please try again.');
    expect(describeError(new TypeError('x is undefined'))).toBe(ERROR_TEXTS.server);
    expect(describeError(networkError())).toBe(
      'Could not reach the server. Check your connection.',
    );

    const limited = (wait?: string) =>
      answer(
        429,
        { error: { code: 'RATE_LIMITED', message: 'Too many attempts.' } },
        wait ? { 'retry-after': wait } : {},
      );
    expect(describeError(await limited('30'))).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    expect(describeError(await limited('600'))).toBe(
      'Too many attempts. Please wait 10 minutes and try again.',
    );
    expect(describeError(await limited())).toBe(ERROR_TEXTS.tooManyAttempts);
  });

  it("gives a server error's reference, from its body or its header, to quote", async () => {
    const quoted = await answer(
      500,
      { error: { code: 'INTERNAL', message: 'boom', requestId: 'req-from-body' } },
      { 'x-request-id': 'req-from-header' },
    );
    expect(quoted.requestId).toBe('req-from-body');
    expect(describeError(quoted)).toBe(
      'Something went wrong on our side. Please try again. Reference: req-from-body',
    );
    const headerOnly = await toApiError(
      new Response('Service Unavailable', {
        status: 503,
        headers: { 'x-request-id': '6f1d2c3b-0a9e-4c7d-8b2a-1e5f4d3c2b1a' },
      }),
    );
    expect(describeError(headerOnly)).toBe(
      'Something went wrong on our side. Please try again. Reference: 6f1d2c3b-0a9e-4c7d-8b2a-1e5f4d3c2b1a',
    );
    // A refusal says what to change, not a reference.
    const refused = await answer(
      409,
      { error: { code: 'CONFLICT', message: 'Already booked' } },
      { 'x-request-id': 'req-409' },
    );
    expect(refused.requestId).toBeUndefined();
    expect(describeError(refused)).toBe('Already booked');
  });

  it("gives a refusal's own reason, unless the place words it", async () => {
    const own = await answer(403, {
      error: { code: 'FORBIDDEN', message: 'You cannot book your own product' },
    });
    expect(describeError(own)).toBe('You cannot book your own product');
    expect(describeError(await answer(403, {}))).toBe(ERROR_TEXTS.forbidden);
    const taken = await answer(409, { error: { code: 'CONFLICT', message: 'Already booked' } });
    expect(describeError(taken)).toBe('Already booked');
    expect(describeError(taken, { refused: 'This link has expired.' })).toBe(
      'This link has expired.',
    );
  });
});

describe("the words in the page's language", () => {
  const english = createI18n('en', en);
  const bangla = createI18n('bn', bn);

  it('are the same English from the catalog as without one', async () => {
    const failures = [
      await answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' }),
      await answer(403, {}),
      await answer(429, { error: { code: 'RATE_LIMITED', message: 'x' } }, { 'retry-after': '1' }),
      await answer(
        429,
        { error: { code: 'RATE_LIMITED', message: 'x' } },
        { 'retry-after': '600' },
      ),
      await answer(429, { error: { code: 'RATE_LIMITED', message: 'x' } }),
      await answer(500, { error: { code: 'INTERNAL', message: 'x', requestId: 'req-1' } }),
      await answer(502, {}),
      await answer(400, {}),
      networkError(),
      new TypeError('x is undefined'),
    ];
    for (const failure of failures) {
      expect(describeErrorIn(english, failure)).toBe(describeError(failure));
    }
  });

  it('are Bangla on a Bangla page, with the waits in Bangla digits', async () => {
    expect(describeErrorIn(bangla, new TypeError('x'))).toBe(
      'আমাদের দিকে কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    );
    const limited = await answer(
      429,
      { error: { code: 'RATE_LIMITED', message: 'x' } },
      { 'retry-after': '120' },
    );
    expect(describeErrorIn(bangla, limited)).toBe(
      'অনেকবার চেষ্টা করা হয়েছে। ২ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
    );
    const refused = await answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' });
    expect(describeErrorIn(bangla, refused, { unauthorized: MESSAGES.invalidCredentials })).toBe(
      'ইমেইল বা পাসওয়ার্ড ভুল',
    );
    expect(describeErrorIn(bangla, networkError())).toBe(
      'সার্ভারের সাথে যোগাযোগ করা যায়নি। আপনার ইন্টারনেট সংযোগ দেখুন।',
    );
    // A 400's message for a field the form does not have: the API's name, the schema's words.
    const invalid = await answer(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'photos: Add at least one photo',
        fields: { photos: 'Add at least one photo' },
      },
    });
    expect(describeErrorIn(bangla, invalid)).toBe('photos: অন্তত একটি ছবি যোগ করুন');
    expect(describeErrorIn(english, invalid)).toBe('photos: Add at least one photo');
    // A reason only the server words is shown as it wrote it.
    const taken = await answer(409, { error: { code: 'CONFLICT', message: 'Already booked' } });
    expect(describeErrorIn(bangla, taken)).toBe('Already booked');
  });
});

describe('a failed form', () => {
  afterEach(() => vi.restoreAllMocks());

  function recorder() {
    const calls: Array<[string, string | undefined]> = [];
    const setError = (name: string, error: { message?: string }) => {
      calls.push([name, error.message]);
    };
    return { calls, setError };
  }

  it("puts the server's field messages under the form's fields, and the rest above the button", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, setError } = recorder();
    const err = new ApiError(400, 'VALIDATION_FAILED', 'phone: Too short', {
      phone: 'Too short',
      location: 'Required',
    });
    showFormError(setError, err, { action: 'Booking', fields: ['phone', 'location'] });
    expect(calls).toEqual([
      ['phone', 'Too short'],
      ['location', 'Required'],
    ]);

    const other = recorder();
    showFormError(other.setError, err, { action: 'Booking', fields: ['email'] });
    expect(other.calls).toEqual([['root.server', 'phone: Too short']]);
  });

  it('logs a refusal as a warning and a server error as an error, named by its action', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError('Log in', new ApiError(401, 'UNAUTHORIZED', 'Invalid email or password'));
    expect(warn).toHaveBeenCalledWith(
      'Log in failed:',
      '401 UNAUTHORIZED Invalid email or password',
    );
    const crash = new ApiError(500, 'INTERNAL', 'boom');
    reportError('Log in', crash);
    expect(error).toHaveBeenCalledWith('Log in failed:', crash);
  });

  it('toasts a failed action, but leaves an ended session to the banner', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shown = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    notifyError('Remove', new ApiError(409, 'CONFLICT', 'Already removed'));
    expect(shown).toHaveBeenCalledWith('Already removed');
    shown.mockClear();
    notifyError('Remove', new ApiError(401, 'UNAUTHORIZED', 'Sign in first'));
    expect(shown).not.toHaveBeenCalled();
  });
});
