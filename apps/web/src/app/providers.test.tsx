import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../test/api-server.ts';
import { AppProviders } from './providers.tsx';

afterEach(() => {
  delete document.documentElement.dataset.interactive;
});

describe('the app providers', () => {
  it('mark the page interactive once the app has taken it over', () => {
    // Signed out: no stream of live events is opened.
    api.use(http.get('/api/session', () => HttpResponse.json({ user: null })));
    expect(document.documentElement.dataset.interactive).toBeUndefined();
    render(
      <AppProviders client={new QueryClient()}>
        <p>The page</p>
      </AppProviders>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(document.documentElement.dataset.interactive).toBe('true');
  });
});
