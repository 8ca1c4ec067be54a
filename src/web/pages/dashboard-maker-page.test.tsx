// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MakerProfileView } from '../../domain/profile-schemas';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile: MakerProfileView = {
  name: 'Ada Lovelace',
  bio: 'Engraver.',
  avatarUrl: null,
  experienceYears: 9,
  websiteLink: null,
  introVideoUrl: null,
  deliverableCategories: ['logo_design'],
  sealStatus: 'verified',
  applicationStatus: 'approved',
  rejectionReason: null,
};
const summary = { applicationStatus: 'approved', rejectionReason: null, sealStatus: 'verified', earningsTotal: 1250.5, activeProjects: 3, portfolioItems: 4 };
const balance = { provider: 'manual', availableCents: 25050, inEscrowCents: 50000, pendingPayoutCents: 0, paidOutCents: 100000, earnedCents: 125050, payouts: [], connect: 'not_applicable' };
const workshop = { id: 'w1', title: 'Critique night', description: 'Bring work in progress.', date: '2030-05-01T18:00:00.000Z', link: 'https://meet.example.com/x', maxParticipants: 12 };

const routes = (overrides: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/account/me': signedInAs(makeUser({ role: 'maker', emailVerified: false })),
  'GET /api/creator-dashboard/summary': { status: 200, body: { summary } },
  'GET /api/profiles/maker': { status: 200, body: { profile } },
  'GET /api/portfolio': { status: 200, body: { items: [] } },
  'GET /api/workshops/upcoming': { status: 200, body: { workshops: [workshop] } },
  'GET /api/payments/balance': { status: 200, body: balance },
  ...overrides,
});

describe('/dashboard-maker', () => {
  it('shows the Seal, the figures with their status colour, and the unverified-email banner', async () => {
    stubFetch(routes());
    renderApp('/dashboard-maker');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maker Dashboard' })).toBeTruthy();
    // The earnings card reads the ledger: earned in total, and where it stands.
    const card = (await screen.findByText('Total Earnings')).closest('div')!.parentElement!;
    expect(await within(card).findByText('$1,250.50')).toBeTruthy();
    expect(within(card).getByText('Available').nextElementSibling?.textContent).toBe('$250.50');
    expect(within(card).getByText('In escrow').nextElementSibling?.textContent).toBe('$500.00');
    expect(within(card).getByText('Paid out').nextElementSibling?.textContent).toBe('$1,000.00');
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified Human Creator' })).toBeTruthy();
    expect(screen.getByText('Verified').className).toContain('text-accent-strong');
    expect(screen.getByText(/Please verify your email address/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('resends the verification email', async () => {
    const fetchMock = stubFetch(routes({ 'POST /api/account/resend-verification': { status: 204 } }));
    renderApp('/dashboard-maker');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('button', { name: 'Email sent' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/account/resend-verification' && init?.method === 'POST')).toBe(true);
  });

  it('lists the upcoming workshops in the Community tab', async () => {
    stubFetch(routes());
    renderApp('/dashboard-maker?tab=community');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('Critique night')).toBeTruthy();
    expect(within(panel).getByText('12 max')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: /Join link/ }).getAttribute('href')).toBe('https://meet.example.com/x');
  });

  it('shows designed empty and error states for workshops', async () => {
    stubFetch(routes({ 'GET /api/workshops/upcoming': { status: 200, body: { workshops: [] } } }));
    renderApp('/dashboard-maker?tab=community');
    expect(await screen.findByText('No upcoming workshops yet')).toBeTruthy();
    cleanup();
    stubFetch(routes({ 'GET /api/workshops/upcoming': { status: 404, body: { error: 'not_found', message: 'Not found' } } }));
    renderApp('/dashboard-maker?tab=community');
    expect(await screen.findByText("We couldn't load the workshops right now.")).toBeTruthy();
  });

  it("says 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    stubFetch(routes({ 'GET /api/creator-dashboard/summary': { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } } }));
    renderApp('/dashboard-maker');
    expect((await screen.findAllByText('Failed to load dashboard data', {}, { timeout: 15000 })).length).toBeGreaterThan(0);
  });

  it('prompts a draft maker to complete onboarding', async () => {
    stubFetch(routes({ 'GET /api/creator-dashboard/summary': { status: 200, body: { summary: { ...summary, applicationStatus: 'draft', sealStatus: 'none' } } } }));
    renderApp('/dashboard-maker');
    const link = await screen.findByRole('link', { name: /Complete your profile/ });
    expect(link.getAttribute('href')).toBe('/onboard-maker');
  });
});
