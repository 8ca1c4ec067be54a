// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { StudioData } from '../../domain/marketplace';
import { makeUser, renderApp, signedInAs, signedOut, stubFetch } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const studio: StudioData = {
  id: 'maker-1',
  role: 'maker',
  name: 'Ines Marlowe',
  bio: 'Identity designer in Lisbon.',
  avatarUrl: null,
  sealStatus: 'verified',
  applicationStatus: 'approved',
  isPreview: false,
  websiteLink: 'https://ines.example',
  experienceYears: 12,
  deliverableCategories: ['branding_packages', 'logo_design'],
  introVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  subscriptionPlan: null,
  expertiseAreas: [],
  portfolio: [{ id: 'p1', title: 'Norra identity', description: 'A warm identity.', category: 'branding_packages', imageUrl: '/files/a.png', thumbnailUrl: null }],
};

const hrefOf = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');

describe('StudioPage', () => {
  it("shows the maker's profile and sends an anonymous visitor to log in as a client, then back to hire", async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/studio/maker-1': { status: 200, body: studio } });
    renderApp('/studio/maker-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ines Marlowe' })).toBeTruthy();
    expect(screen.getByText('12 years')).toBeTruthy();
    expect(screen.getByText('branding packages')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified Human Creator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Play intro video/ }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const expected = `/auth?type=client&redirect=${encodeURIComponent('/studio/maker-1?hire=1')}`;
    expect(await hrefOf('Hire This Maker')).toBe(expected);
    expect(await hrefOf('Get Started')).toBe(expected);
  });

  it('sends a signed-in non-client to /auth and a client to project creation', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'maker' })), 'GET /api/studio/maker-1': { status: 200, body: studio } });
    renderApp('/studio/maker-1');
    await waitFor(async () => expect(await hrefOf('Hire This Maker')).toBe('/auth'));
    cleanup();
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'client' })), 'GET /api/studio/maker-1': { status: 200, body: { ...studio, role: 'mind' } } });
    renderApp('/studio/maker-1');
    await waitFor(async () => expect(await hrefOf('Work With This Mind')).toBe('/dashboard-client?hire=maker-1'));
  });

  it('forwards a client who came back with ?hire=1 straight to project creation', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'client' })), 'GET /api/studio/maker-1': { status: 200, body: studio } });
    const { router } = renderApp('/studio/maker-1?hire=1');
    // The client dashboard consumes ?hire= by opening the project dialog, so the dialog is the proof.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard-client'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("offers 'Verify this Seal' and 'Download credential' only when the server says the maker holds a credential", async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/studio/maker-1': { status: 200, body: { ...studio, hasSealCredential: true } } });
    renderApp('/studio/maker-1');
    expect(await hrefOf('Verify this Seal')).toBe('/verify?maker=maker-1');
    expect(await hrefOf('Download credential')).toBe('/api/credentials/seal/maker-1');
    cleanup();
    // A Seal from before credentials existed, with no credential issued: the Seal shows, the links (which would 404) do not.
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/studio/maker-1': { status: 200, body: { ...studio, hasSealCredential: false } } });
    renderApp('/studio/maker-1');
    expect(await screen.findByRole('img', { name: 'Verified Human Creator' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Verify this Seal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download credential' })).toBeNull();
  });

  it("answers 'Creator Not Found' with a way back to the marketplace", async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/studio/hidden': { status: 404, body: { error: 'not_found', message: 'Creator Not Found' } } });
    renderApp('/studio/hidden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator Not Found' })).toBeTruthy();
    expect(await hrefOf('Back to the Marketplace')).toBe('/marketplace');
  });
});
