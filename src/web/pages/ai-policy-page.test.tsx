// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, signedOut, stubFetch } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slow = { timeout: 15000 };

describe('AiPolicyPage', () => {
  it('says the crawlers are refused while the reservation is in force', async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/ai-policy': { status: 200, body: { aiTrainingOptOut: true } } });
    renderApp('/ai-policy');
    expect(await screen.findByText('In force now: creators’ work on Humanmade is reserved from AI training.', {}, slow)).toBeTruthy();
    expect(screen.getByText('These user agents are refused studios and files in our robots.txt:')).toBeTruthy();
  });

  it('does not claim robots.txt refuses them while an admin has paused the signals', async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/ai-policy': { status: 200, body: { aiTrainingOptOut: false } } });
    renderApp('/ai-policy');
    expect(await screen.findByText('Paused by the platform: Humanmade is not sending these signals at the moment.', {}, slow)).toBeTruthy();
    expect(screen.getByText('While the reservation is in force, these user agents are refused studios and files in our robots.txt:')).toBeTruthy();
    expect(screen.queryByText('These user agents are refused studios and files in our robots.txt:')).toBeNull();
  });
});
