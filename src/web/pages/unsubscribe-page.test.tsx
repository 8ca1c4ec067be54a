// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, signedOut, stubFetch } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the unsubscribe page', () => {
  it('explains a link that is not valid, and where to choose emails instead', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/unsubscribe?error=invalid');
    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeTruthy();
    expect(screen.getByText(/no emails were turned off\. To choose which emails you get, sign in and open your notification settings\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to choose your emails' }).getAttribute('href')).toBe('/auth?redirect=/settings/notifications');
    expect(screen.queryByRole('button', { name: /Stop emails/ })).toBeNull();
  });

  it('posts the signed link from a form that works without scripts', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    const { container } = renderApp('/unsubscribe?u=user-1&k=project&t=abc');
    await screen.findByRole('button', { name: 'Stop emails about projects' });
    const form = container.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/notifications/unsubscribe?u=user-1&k=project&t=abc');
  });
});
