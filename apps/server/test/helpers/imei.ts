import { hasValidImeiCheckDigit } from '@market/shared';

let serial = 0;

/**
 * A fresh valid IMEI: two digits of `prefix`, six of the time, six of a serial shared by every
 * test file of the run, and their Luhn check digit.
 */
export function newImei(prefix = '35'): string {
  serial += 1;
  const first14 = `${prefix}${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(6, '0')}`;
  for (let digit = 0; digit <= 9; digit++) {
    if (hasValidImeiCheckDigit(`${first14}${digit}`)) return `${first14}${digit}`;
  }
  throw new Error('no check digit');
}
