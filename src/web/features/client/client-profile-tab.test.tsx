// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ClientProfileView as DashboardProfile } from '../../../domain/client-dashboard-schemas';
import type { ClientProfileView } from '../../../domain/profile-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, signedInAs, stubFetch } from '../../../../test/web/render-app';
import '../../../../test/web/jsdom-shims';
import { ClientProfileTab } from './client-profile-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderWithQueries = (ui: ReactElement) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { queryClient, ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>) };
};

const dashboardProfile: DashboardProfile = {
  companyName: 'Juniper Bakery',
  industry: 'Food',
  budgetRange: '$2k – $8k',
  desiredCategories: ['logo_design'],
  logoUrl: '/files/client-logos/client-1/logo.png?v=1',
};
const fullProfile: ClientProfileView = { ...dashboardProfile, name: 'June Alder', applicationStatus: 'approved', termsAccepted: true };

describe('the client dashboard Profile tab', () => {
  it("edits with the onboarding form: its fields, its logo upload and its message 'Company name is required'", async () => {
    const fetchMock = stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client' })),
      'GET /api/profiles/client': { status: 200, body: { profile: fullProfile } },
    });
    renderWithQueries(<ClientProfileTab profile={dashboardProfile} />);
    expect(screen.getByText('Juniper Bakery')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Juniper Bakery logo' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('form', { name: 'Company profile' });
    expect((within(form).getByLabelText('Company name') as HTMLInputElement).value).toBe('Juniper Bakery');
    // The shared upload field, showing the current logo.
    expect(within(form).getByLabelText('Company logo')).toBeTruthy();
    expect(within(form).getByRole('img', { name: 'Current company logo' }).getAttribute('src')).toBe(dashboardProfile.logoUrl);
    // Terms were accepted at onboarding; editing does not ask again.
    expect(within(form).queryByRole('checkbox', { name: /I accept the terms and conditions/ })).toBeNull();

    fireEvent.change(within(form).getByLabelText('Company name'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Company name is required')).toBeTruthy();
    expect(screen.queryByText('Please enter your company name')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it("saves through the profiles API, says 'Profile updated successfully' and refreshes the dashboard", async () => {
    const saved: ClientProfileView = { ...fullProfile, companyName: 'Juniper & Rye' };
    const fetchMock = stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client' })),
      'GET /api/profiles/client': { status: 200, body: { profile: fullProfile } },
      'PUT /api/profiles/client': { status: 200, body: { profile: saved } },
    });
    const { queryClient } = renderWithQueries(<ClientProfileTab profile={dashboardProfile} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('form', { name: 'Company profile' });
    fireEvent.change(within(form).getByLabelText('Company name'), { target: { value: 'Juniper & Rye' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ companyName: 'Juniper & Rye', logoUrl: dashboardProfile.logoUrl, desiredCategories: ['logo_design'] });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['client-dashboard'] }));
    expect(screen.queryByRole('form', { name: 'Company profile' })).toBeNull();
  });
});
