import { describe, expect, it } from 'vitest';
import { socialSignInProblem } from './social-sign-in-errors.ts';

const GENERIC = 'Google sign-in did not complete. Please try again.';

describe('the message for a failed Google sign-in', () => {
  it('has fixed words for the codes the provider and Better Auth send back', () => {
    expect(socialSignInProblem('access_denied')).toMatch(/^You cancelled the Google sign-in/);
    expect(socialSignInProblem('state_mismatch')).toMatch(/interrupted or took too long/);
    expect(socialSignInProblem('EMAIL_NOT_FOUND')).toMatch(/did not share a verified email/);
    expect(socialSignInProblem('account_not_linked')).toMatch(/already has an account/);
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
      expect(socialSignInProblem(text)).toBe(GENERIC);
    }
  });
});
