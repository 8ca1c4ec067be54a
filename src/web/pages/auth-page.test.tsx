// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '../../domain/messages';
import { currentUrl, makeUser, renderApp, signedInAs, signedOut, stubFetch } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole('radio', { name });
// The roles are native radio buttons (they work before scripts, decision 105).
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe('/auth', () => {
  it('opens Sign Up with the role from ?type=mind preselected', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/auth?type=mind');

    const signUpTab = await screen.findByRole('tab', { name: 'Sign Up' });
    expect(signUpTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('radiogroup', { name: 'I am joining as' })).toBeTruthy();
    expect(isChecked(radio('Mind (Strategic Creative)'))).toBe(true);
    expect(isChecked(radio('Maker (Creative Producer)'))).toBe(false);
    expect(isChecked(radio('Client (Brand Partner)'))).toBe(false);
  });

  it('ignores ?type=admin: Login stays open and sign-up defaults to Maker', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/auth?type=admin');

    const loginTab = await screen.findByRole('tab', { name: 'Login' });
    expect(loginTab.getAttribute('aria-selected')).toBe('true');
    // The tabs are links (/auth?tab=signup…), so a click follows the link.
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));

    expect(isChecked(await screen.findByRole('radio', { name: 'Maker (Creative Producer)' }))).toBe(true);
    expect(screen.queryByRole('radio', { name: /admin/i })).toBeNull();
  });

  it('rejects a short password under the field without calling the API', async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/auth?type=client');

    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    const password = screen.getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const message = await screen.findByText(VALIDATION_MESSAGES.passwordTooShort);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/account/sign-up')).toBe(false);
  });

  it('shows the server field errors under their fields', async () => {
    stubFetch({
      'GET /api/account/me': signedOut,
      'POST /api/account/sign-up': {
        status: 409,
        body: { error: 'conflict', message: AUTH_MESSAGES.emailTaken, fields: { email: AUTH_MESSAGES.emailTaken } },
      },
    });
    renderApp('/auth?type=maker');

    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(AUTH_MESSAGES.emailTaken)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in with the typed credentials and goes to the redirect target', async () => {
    const fetchMock = stubFetch({
      'GET /api/account/me': signedOut,
      'POST /api/account/sign-in': { status: 200, body: { user: makeUser({ role: 'client', name: 'Grace Hopper' }) } },
    });
    const { router } = renderApp('/auth?redirect=/dashboard-client');

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard-client');
    const signInCall = fetchMock.mock.calls.find(([url]) => url === '/api/account/sign-in');
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({ email: 'grace@example.com', password: 'correct horse' });
  });

  it('signs up and goes on to onboarding: the new session does not send them to a dashboard', async () => {
    stubFetch({
      'GET /api/account/me': signedOut,
      'POST /api/account/sign-up': { status: 200, body: { user: makeUser({ role: 'mind', name: 'Grace Hopper' }) } },
    });
    const { router } = renderApp('/auth?type=mind');

    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/onboard-mind'));
  });
});

describe('/auth for someone signed in (decision 176)', () => {
  it('sends them to their dashboard instead of the log-in form', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'client' })) });
    const { router } = renderApp('/auth?tab=signup&type=maker');

    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard-client');
    expect(screen.queryByRole('tab', { name: 'Login' })).toBeNull();
  });

  it('goes on to a safe ?redirect=, as signing in would, and ignores one that leaves the site', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'admin' })) });
    const { router } = renderApp('/auth?redirect=/about');
    await waitFor(() => expect(currentUrl(router)).toBe('/about'));
    cleanup();

    const away = renderApp('/auth?redirect=//evil.example');
    await waitFor(() => expect(currentUrl(away.router)).toBe('/dashboard-admin'));
  });
});

