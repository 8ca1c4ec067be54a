// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ClientProfileView, MakerProfileView, MindProfileView } from '../../../domain/profile-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, signedInAs, stubFetch, type FakeResponse } from '../../../../test/web/render-app';
import '../../../../test/web/jsdom-shims';
import { ClientProfileForm } from './client-profile-form';
import { MakerProfileForm } from './maker-profile-form';
import { MindProfileForm } from './mind-profile-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (ui: ReactElement) =>
  render(<AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</AppProviders>);

const serverDown: FakeResponse = { status: 500, body: { error: 'internal', message: 'Internal Server Error' } };
const me = (role: 'maker' | 'mind' | 'client') => signedInAs(makeUser({ role }));

const maker: MakerProfileView = {
  name: 'Nell Newmaker',
  bio: 'I carve wood type and print posters by hand.',
  avatarUrl: null,
  experienceYears: 6,
  websiteLink: null,
  introVideoUrl: null,
  deliverableCategories: ['editorial_design'],
  sealStatus: 'none',
  applicationStatus: 'approved',
  rejectionReason: null,
};
const mind: MindProfileView = {
  name: 'Milo Mind',
  bio: 'I help small brands find the one thing they stand for.',
  avatarUrl: null,
  expertiseAreas: ['Brand Strategy'],
  subscriptionPlan: 'basic',
  introVideoUrl: null,
  termsAccepted: true,
  applicationStatus: 'approved',
  rejectionReason: null,
};
const client: ClientProfileView = {
  name: 'Cleo Client',
  companyName: 'Paper & Co',
  industry: 'Publishing',
  budgetRange: '$5,000 – $10,000',
  logoUrl: null,
  desiredCategories: ['editorial_design'],
  applicationStatus: 'approved',
  termsAccepted: true,
};

/** The request the form sent, so a test proves the failure came from the server and not from validation. */
const sent = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.some(([url, init]) => url === path && init?.method === method);

describe('profile forms: the spec failure toasts', () => {
  it("maker dashboard: a failed save says 'Failed to update profile'", async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': me('maker'), 'PUT /api/profiles/maker': serverDown });
    renderForm(<MakerProfileForm profile={maker} mode="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    expect(sent(fetchMock, 'PUT', '/api/profiles/maker')).toBe(true);
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it("maker onboarding: a failed application says 'Failed to submit application'", async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': me('maker'), 'POST /api/profiles/maker/application': serverDown });
    const onSubmitted = vi.fn();
    renderForm(<MakerProfileForm profile={{ ...maker, applicationStatus: 'draft' }} mode="onboarding" onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to submit application')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/profiles/maker/application')).toBe(true);
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("maker dashboard: a failed resubmission after a rejection says 'Failed to submit application'", async () => {
    stubFetch({
      'GET /api/account/me': me('maker'),
      'POST /api/profiles/maker/application': { status: 400, body: { error: 'bad_request', message: 'Your application has already been approved.' } },
    });
    renderForm(<MakerProfileForm profile={{ ...maker, applicationStatus: 'rejected', rejectionReason: 'More process work, please.' }} mode="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save and resubmit application' }));
    expect(await screen.findByText('Failed to submit application')).toBeTruthy();
    // The server's reason shows beneath the product's text.
    expect(await screen.findByText('Your application has already been approved.')).toBeTruthy();
  });

  it("mind onboarding: a failed application says 'Error submitting application'", async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': me('mind'), 'POST /api/profiles/mind/application': serverDown });
    const onSubmitted = vi.fn();
    renderForm(<MindProfileForm profile={{ ...mind, applicationStatus: 'draft' }} mode="onboarding" onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Error submitting application')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/profiles/mind/application')).toBe(true);
    expect(screen.queryByText('Application submitted successfully! Awaiting approval.')).toBeNull();
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("client onboarding: a failed profile says 'Error creating profile'", async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': me('client'), 'POST /api/profiles/client/onboarding': serverDown });
    const onSubmitted = vi.fn();
    renderForm(<ClientProfileForm profile={{ ...client, applicationStatus: 'draft' }} mode="onboarding" onSubmitted={onSubmitted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('Error creating profile')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/profiles/client/onboarding')).toBe(true);
    expect(screen.queryByText('Profile created successfully!')).toBeNull();
    await waitFor(() => expect(onSubmitted).not.toHaveBeenCalled());
  });
});
