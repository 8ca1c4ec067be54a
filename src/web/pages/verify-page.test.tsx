// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { CredentialVerification } from '../../domain/seal-credential-schemas';
import { VERIFICATION_HEADLINES, VERIFY_MESSAGES } from '../../domain/seal-verification';
import { renderApp, signedOut, stubFetch } from '../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const verification: CredentialVerification = {
  outcome: 'valid',
  signatureValid: true,
  revoked: false,
  revokedAt: null,
  issuer: { id: 'did:web:humanmade.example', name: 'Humanmade' },
  subject: { id: 'https://humanmade.example/studio/maker-1', name: 'Ines Marlowe' },
  achievement: 'Seal of human creativity',
  validFrom: '2026-03-01T10:00:00.000Z',
  evidenceCount: 3,
  evidence: [
    { name: 'Harbour identity', record: 'verified' },
    { name: 'Bakery mark', record: 'removed', removedAt: '2026-05-04T09:30:00.000Z' },
    { name: 'Tide posters', record: 'verified' },
  ],
};

describe('VerifyPage', () => {
  it("says a cited project went with an account deletion, not that its record changed, and the Seal stays valid", async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/credentials/seal/maker-1/verification': { status: 200, body: verification } });
    renderApp('/verify?maker=maker-1');
    expect(await screen.findByText(VERIFICATION_HEADLINES.valid)).toBeTruthy();
    const removed = screen.getByText(/^Removed with an account deletion on/);
    expect(removed.textContent).toBe(
      'Removed with an account deletion on May 4, 2026: the client deleted their account, and the project went with it. Not a change to the record.',
    );
    expect(removed.className).not.toContain('text-destructive');
    expect(screen.getAllByText('Process record verifies')).toHaveLength(2);
    expect(screen.queryByText('Process record changed since issue')).toBeNull();
  });

  it('asks for a credential when the form arrives empty, as it does when sent without scripts', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/verify?credential=');
    const field = await screen.findByLabelText('Credential');
    expect(screen.getByText(VERIFY_MESSAGES.empty)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows no error on the page as first opened', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/verify');
    await screen.findByLabelText('Credential');
    expect(screen.queryByText(VERIFY_MESSAGES.empty)).toBeNull();
  });

  it("brings a checked credential's answer into view when its headline is off the screen, and only after a Verify", async () => {
    const scrolled = vi.fn();
    let answerTop = 2000;
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrolled);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top: answerTop }) as DOMRect);
    stubFetch({
      'GET /api/account/me': signedOut,
      'GET /api/credentials/seal/maker-1/verification': { status: 200, body: verification },
      'POST /api/credentials/verify': { status: 200, body: verification },
    });
    renderApp('/verify?maker=maker-1');
    expect(await screen.findByText(VERIFICATION_HEADLINES.valid)).toBeTruthy();
    // Opened from a studio's link: the page is left as it opened (on a phone the answer leads, above the form).
    expect(scrolled).not.toHaveBeenCalled();
    expect(screen.getByText(VERIFICATION_HEADLINES.valid).closest('[aria-live]')?.className).toContain('max-md:order-first');

    fireEvent.change(screen.getByLabelText('Credential'), { target: { value: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.calls[0][0]).toMatchObject({ block: 'start' });

    // Its headline already on the screen: the page stays where it is.
    answerTop = 300;
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
