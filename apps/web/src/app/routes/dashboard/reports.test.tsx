import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReportGroup, ResolveReport } from '@market/shared';
import { Component as ReportsPage } from './reports.tsx';
import { api } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render.tsx';

const reportedListing: ReportGroup = {
  targetType: 'listing',
  targetId: 'listing-1',
  reportId: 'report-2',
  reportCount: 2,
  lastReportedAt: '2026-11-20T10:00:00.000Z',
  reports: [
    {
      _id: 'report-2',
      reason: 'stolen',
      note: 'The IMEI is on the stolen list',
      reporter: { _id: 'user-2', name: 'Rina Reporter', email: 'rina@example.com' },
      otherListing: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    {
      _id: 'report-1',
      reason: 'fake',
      note: null,
      reporter: { _id: 'user-3', name: 'Omar Observer', email: 'omar@example.com' },
      otherListing: null,
      createdAt: '2026-11-19T08:30:00.000Z',
    },
  ],
  target: {
    kind: 'listing',
    listing: {
      _id: 'listing-1',
      name: 'iPhone 14 Pro 256GB',
      imgURL: '/demo/iphone-1.webp',
      Category: 'iPhone',
      resellPrice: 650,
      status: 'available',
      moderation: null,
      moderationReason: null,
      postedAt: '2026-11-01T09:00:00.000Z',
      seller: {
        _id: 'user-1',
        name: 'Sara Seller',
        email: 'sara@example.com',
        isVerifiedUser: true,
        suspended: false,
      },
    },
  },
  actions: ['hide_listing', 'unverify_seller', 'dismiss'],
};

/** The queue answers with one reported listing; resolving answers as `resolve` says. */
function serveQueue(resolve: (body: ResolveReport, reportId: string) => Response) {
  const calls: { reportId: string; body: ResolveReport }[] = [];
  api.use(
    http.get('/api/admin/reports', () =>
      HttpResponse.json([reportedListing], { headers: { 'X-Total-Count': '1' } }),
    ),
    http.post('/api/admin/reports/:id/resolve', async ({ request, params }) => {
      const body = (await request.json()) as ResolveReport;
      const reportId = String(params.id);
      calls.push({ reportId, body });
      return resolve(body, reportId);
    }),
  );
  return calls;
}

async function chooseAction(label: string, reason: string) {
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: /iPhone 14 Pro 256GB/ });
  await user.click(within(card).getByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: label }));
  return dialog;
}

describe('the report queue', () => {
  it('lists the reported things from the API with their reports and actions', async () => {
    serveQueue(() => HttpResponse.json({}));
    renderPage(<ReportsPage />);

    const card = await screen.findByRole('article', { name: /iPhone 14 Pro 256GB/ });
    expect(screen.getByText('Waiting: 1')).toBeDefined();
    expect(within(card).getByText('2 reports', { exact: false })).toBeDefined();
    const reports = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reports).toEqual([
      'Stolen phone by Rina Reporter (rina@example.com)The IMEI is on the stolen list',
      'Fake or counterfeit by Omar Observer (omar@example.com)',
    ]);
    const actions = within(card).getByRole('group', { name: 'Actions on iPhone 14 Pro 256GB' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hide listing', 'Remove verification', 'Dismiss']);
  });

  it("sends the chosen action with the moderator's reason for the group's newest report", async () => {
    const calls = serveQueue(({ action }) =>
      HttpResponse.json({
        action,
        targetType: 'listing',
        targetId: 'listing-1',
        resolvedCount: 2,
      }),
    );
    renderPage(<ReportsPage />);

    await chooseAction('Hide listing', '  Stolen phone, confirmed by the carrier ');

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      reportId: 'report-2',
      body: { action: 'hide_listing', reason: 'Stolen phone, confirmed by the carrier' },
    });
    // The dialog closes once the server has taken the step.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const calls = serveQueue(() =>
      HttpResponse.json(
        { error: { code: 'CONFLICT', message: 'This listing was deleted meanwhile' } },
        { status: 409 },
      ),
    );
    renderPage(<ReportsPage />);

    const dialog = await chooseAction('Dismiss', 'Nothing wrong with it');

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This listing was deleted meanwhile',
    );
    expect(calls).toEqual([
      { reportId: 'report-2', body: { action: 'dismiss', reason: 'Nothing wrong with it' } },
    ]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('says why when the queue cannot be read', async () => {
    api.use(
      http.get('/api/admin/reports', () =>
        HttpResponse.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }),
      ),
    );
    renderPage(<ReportsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this');
    expect(alert.textContent).toContain('Something went wrong on our side. Please try again.');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
