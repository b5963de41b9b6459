import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import en from '../../i18n/locales/en.json';
import bn from '../../i18n/locales/bn.json';
import { socialSignInProblem } from './social-sign-in-errors.ts';

const english = createI18n('en', en);
const bangla = createI18n('bn', bn);
const problem = (code: string) => english.t(socialSignInProblem(code));
const GENERIC = 'Google sign-in did not complete. Please try again.';

describe('the message for a failed Google sign-in', () => {
  it('has fixed words for the codes the provider and Better Auth send back', () => {
    expect(problem('access_denied')).toMatch(/^You cancelled the Google sign-in/);
    expect(problem('state_mismatch')).toMatch(/interrupted or took too long/);
    expect(problem('EMAIL_NOT_FOUND')).toMatch(/did not share a verified email/);
    expect(problem('account_not_linked')).toMatch(/already has an account/);
    expect(bangla.t(socialSignInProblem('access_denied'))).toMatch(
      /^আপনি Google দিয়ে সাইন ইন বাতিল/,
    );
  });

  it('never repeats the text of the address', () => {
    for (const text of [
      '<b>hacked</b>',
      'Your account is locked. Call +1 555 0100',
      'constructor',
      '__proto__',
      'toString',
      '',
    ]) {
      expect(problem(text)).toBe(GENERIC);
    }
  });
});
