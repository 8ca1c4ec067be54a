// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeUser, renderApp, signedInAs, stubFetch } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The page is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };

describe('the Seal tab', () => {
  it('tells the admin that revoking also makes the credential read as revoked to anyone who checks it', async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'admin', name: 'Ada Admin' })),
      'GET /api/admin/overview': { status: 200, body: { stats: { totalUsers: 1, pendingApplications: 0, totalProjects: 3, sealEligible: 0 } } },
      'GET /api/admin/seal': {
        status: 200,
        body: { eligible: [], verified: [{ userId: 'maker-1', name: 'Mara Maker', avatarUrl: null, qualifyingProjects: 3, sealStatus: 'verified' }] },
      },
    });
    renderApp('/dashboard-admin?tab=seal');
    fireEvent.click(await screen.findByRole('button', { name: /Revoke Seal/ }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Mara Maker’s Seal?' });
    expect(within(dialog).getByText(/^The Seal disappears/).textContent).toBe(
      'The Seal disappears from their studio, cards and dashboard at once, and its credential reads as revoked to anyone who checks it. They are emailed, and the decision is kept in the audit log.',
    );
  });
});
