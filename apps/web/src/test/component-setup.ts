import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/locales/en.json';
import enAccount from '../i18n/locales/account/en.json';
import { api } from './api-server.ts';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  api.resetHandlers();
});
afterAll(() => api.close());

// Components drawn outside the app's providers speak English, as the app does by default.
await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { ...en, ...enAccount } } },
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
});
