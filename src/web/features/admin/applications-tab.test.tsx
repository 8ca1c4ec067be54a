// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MakerApplication } from '../../../domain/admin-schemas';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { makeUser, renderApp, signedInAs, stubFetch } from '../../../../test/web/render-app';

resetBetweenTests();

// The page is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const admin = signedInAs(makeUser({ role: 'admin', name: 'Ada Admin' }));
const stats = { status: 200, body: { stats: { totalUsers: 12, pendingApplications: 2, totalProjects: 7, sealEligible: 2 } } };
const maker = (userId: string, name: string): MakerApplication => ({
  userId,
  name,
  email: `${userId}@example.com`,
  avatarUrl: null,
  bio: null,
  introVideoUrl: null,
  portfolioCount: 1,
  submittedAt: '2026-03-01T10:00:00.000Z',
  experienceYears: 3,
  websiteLink: null,
  deliverableCategories: ['logo_design'],
});

/** Two pending makers; a decision on either takes it off the list the next time it loads. */
const renderApplications = () => {
  let pending = [maker('maker-1', 'Mara Maker'), maker('maker-2', 'Nell Maker')];
  const decide = (userId: string) => () => {
    pending = pending.filter((applicant) => applicant.userId !== userId);
    return { status: 200, body: { userId, role: 'maker', status: 'approved' } };
  };
  stubFetch({
    'GET /api/account/me': admin,
    'GET /api/admin/overview': stats,
    'GET /api/admin/applications': () => ({ status: 200, body: { makers: pending, minds: [] } }),
    'POST /api/admin/applications/maker/maker-1/approve': decide('maker-1'),
    'POST /api/admin/applications/maker/maker-2/approve': decide('maker-2'),
    'POST /api/admin/applications/maker/maker-1/reject': decide('maker-1'),
  });
  return renderApp('/dashboard-admin');
};

const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('deciding an application', () => {
  it('moves focus to the next card’s heading when the approved card goes, and to the list heading after the last', async () => {
    renderApplications();
    await screen.findByRole('heading', { name: 'Mara Maker' }, slow);
    const approve = within(card('Mara Maker')).getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mara Maker' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nell Maker' })));

    const last = within(card('Nell Maker')).getByRole('button', { name: 'Approve' });
    last.focus();
    fireEvent.click(last);
    expect(await screen.findByText('No pending maker applications')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Pending Maker Applications/ })));
  });

  it('moves focus to the next card after a rejection from the dialog', async () => {
    renderApplications();
    await screen.findByRole('heading', { name: 'Mara Maker' }, slow);
    const reject = within(card('Mara Maker')).getByRole('button', { name: 'Reject' });
    reject.focus();
    fireEvent.click(reject);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mara Maker' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nell Maker' })));
  });
});

describe('the sections as a keyboard reaches them', () => {
  it('keeps the focus ring on the open section’s panel, which Tab stops on after the tab row (decision 205)', async () => {
    renderApplications();
    await screen.findByRole('heading', { name: 'Mara Maker' }, slow);
    const panel = screen.getByRole('tabpanel', { name: 'Applications' });
    expect(panel.tabIndex).toBe(0);
    // The app's ring is the global :focus-visible outline (styles.css); the panel must not turn it off.
    expect(panel.className).not.toMatch(/outline-none/);
  });
});
