import { describe, expect, it } from 'vitest';
import * as shared from '@market/shared';
import { createI18n } from './i18n.ts';
import en from './locales/en.json';
import bn from './locales/bn.json';
import { FORM_FIELDS, FORM_MESSAGES } from './form-messages.ts';
import { SPEC_TEXTS, formFieldKey, matchFormMessage, translateKnownText } from './known-texts.ts';

const english = createI18n('en', en);
const bangla = createI18n('bn', bn);

/** What an `error` a schema was given says: zod keeps each as a function of the issue. */
function errorText(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const issue = { code: 'custom', input: undefined, path: [], message: '' };
  const said: unknown = error(issue);
  if (typeof said === 'string') return said;
  if (said && typeof said === 'object' && 'message' in said && typeof said.message === 'string') {
    return said.message;
  }
  return undefined;
}

/**
 * Every message written into the shared package's schemas, found by walking each exported schema
 * (its checks, fields, items, options, inner and piped schemas), with where it was met.
 */
function schemaMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<object>();
  const walk = (node: unknown, where: string): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item, where);
      return;
    }
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    const text = errorText(def.error);
    if (text && !found.has(text)) found.set(text, where);
    for (const [name, value] of Object.entries(def)) {
      if (name === 'error') continue;
      if (name === 'getter' && typeof value === 'function') walk(value(), where);
      else if (name === 'shape' && value && typeof value === 'object') {
        for (const [field, schema] of Object.entries(value)) walk(schema, `${where}.${field}`);
      } else walk(value, where);
    }
  };
  for (const [name, value] of Object.entries(shared)) walk(value, name);
  return found;
}

const BENGALI = /[\u0980-\u09FF]/;
/** A name the API reads, not a person ('lat', 'keys.auth', 'activationLockOff'). */
const API_NAME = /^[a-z][\w.]*$/;

describe("the shared schemas' messages", () => {
  const messages = schemaMessages();

  it('are found by walking the schemas', () => {
    // A walk that finds nothing would make the tests below pass by checking nothing.
    expect(messages.size).toBeGreaterThan(150);
    expect(messages.get('Passwords do not match')).toBeDefined();
    expect(messages.get('Password must be at least 8 characters')).toBeDefined();
  });

  it('each have a key in the catalogs, and every field they name has its Bangla', () => {
    const missing: string[] = [];
    for (const [text, where] of messages) {
      const match = matchFormMessage(text);
      if (!match) {
        missing.push(`${where}: "${text}"`);
        continue;
      }
      const field = match.values.field;
      if (field !== undefined && !formFieldKey(field) && !API_NAME.test(field)) {
        missing.push(`${where}: the field "${field}" in "${text}"`);
      }
    }
    // A new or reworded message in packages/shared needs its key in form-messages.ts and its
    // text in both catalogs' `forms` section.
    expect(missing).toEqual([]);
  });

  it('have the same English in the code and in the English catalog', () => {
    expect(en.forms.messages).toEqual(FORM_MESSAGES);
    expect(en.forms.fields).toEqual(FORM_FIELDS);
  });

  it('are written in Bangla in the Bangla catalog', () => {
    for (const [key, text] of Object.entries({ ...bn.forms.messages, ...bn.forms.fields })) {
      expect(text, key).toMatch(BENGALI);
    }
  });
});

describe('a known English text on a page', () => {
  it('is shown in Bangla, with Bangla digits and the field named in Bangla', () => {
    const say = (text: string) => translateKnownText(bangla, text);
    expect(say('Password must be at least 8 characters')).toBe('পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে');
    expect(say('Enter a valid email address')).toBe('সঠিক ইমেইল ঠিকানা লিখুন');
    expect(say('Name is required')).toBe('নাম দিতে হবে');
    expect(say('Original price must be at most 1,000,000')).toBe(
      'আসল দাম সর্বোচ্চ ১০,০০,০০০ হতে পারে',
    );
    expect(say('Year of purchase must be 2007 or later')).toBe(
      'কেনার বছর ২০০৭ বা তার পরের হতে হবে',
    );
    expect(say('The image must be at most 5 MB')).toBe('ছবি সর্বোচ্চ ৫ MB হতে পারে');
    expect(say(shared.MESSAGES.loginSuccess)).toBe('সফলভাবে লগ ইন হয়েছে!');
    expect(say(shared.MESSAGES.invalidCredentials)).toBe('ইমেইল বা পাসওয়ার্ড ভুল');
  });

  it("finds the specification's texts under keys whose English is theirs", () => {
    for (const [text, key] of SPEC_TEXTS) {
      expect(english.t(key as never), key).toBe(text);
      expect(bangla.t(key as never), key).toMatch(BENGALI);
    }
  });

  it('keeps the name of a field the API reads', () => {
    expect(translateKnownText(bangla, 'lat must be a latitude from -90 to 90')).toBe(
      'lat -৯০ থেকে ৯০-এর মধ্যে একটি অক্ষাংশ হতে হবে',
    );
  });

  it('stays as written when it is not known, or the page is in English', () => {
    expect(translateKnownText(bangla, 'This phone was booked by someone else')).toBe(
      'This phone was booked by someone else',
    );
    for (const text of ['Name is required', 'Password must be at least 8 characters']) {
      expect(translateKnownText(english, text)).toBe(text);
    }
  });
});
