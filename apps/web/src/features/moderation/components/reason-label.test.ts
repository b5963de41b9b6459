import { describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS } from '@market/shared';
import { createI18n } from '../../../i18n/i18n.ts';
import en from '../../../i18n/locales/en.json';
import bn from '../../../i18n/locales/bn.json';
import { reasonText } from './reason-label.tsx';

describe("a report's reason", () => {
  const english = createI18n('en', en).t;
  const bangla = createI18n('bn', bn).t;

  it('has its own words in both languages for every reason the marketplace knows', () => {
    for (const [reason, label] of Object.entries(REPORT_REASON_LABELS)) {
      expect(reasonText(reason, english), reason).toBe(label);
      const inBangla = reasonText(reason, bangla);
      expect(inBangla, reason).not.toBe(label);
      expect(inBangla, reason).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('shows a reason it does not know as written', () => {
    expect(reasonText('something_new', bangla)).toBe('something_new');
  });
});
