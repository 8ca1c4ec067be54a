// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ContentCredentials } from '../../../domain/content-credentials';
import { ContentCredentialsMark } from './content-credentials-mark';

afterEach(cleanup);

const camera: ContentCredentials = {
  generator: 'Fieldmark Camera',
  tool: 'Fieldmark M2',
  signer: 'Test Camera Co',
  issuer: 'Humanmade Test CA',
  signedAt: '2026-11-26T04:30:00.000Z',
  actions: ['c2pa.created', 'c2pa.color_adjustments'],
  digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture',
  aiDeclared: false,
  valid: true,
};

describe('the Content Credentials mark', () => {
  it('is a button named for the piece that opens a dialog with the tool, the signer and the date', () => {
    render(<ContentCredentialsMark credentials={camera} itemTitle="Harbour at dawn" />);
    const mark = screen.getByRole('button', { name: 'Content Credentials of Harbour at dawn' });
    fireEvent.click(mark);
    const dialog = screen.getByRole('dialog', { name: 'Harbour at dawn' });
    for (const text of ['Fieldmark M2', 'Fieldmark Camera', 'Test Camera Co, certified by Humanmade Test CA', 'created, color adjustments', 'November 26, 2026 at 4:30 AM UTC']) {
      expect(dialog.textContent, text).toContain(text);
    }
    expect(dialog.textContent).not.toContain('Generative AI');
  });

  it('says so when the credentials declare generative AI', () => {
    render(<ContentCredentialsMark credentials={{ ...camera, aiDeclared: true, tool: 'Imagine Diffusion 4', generator: 'Imagine Studio' }} itemTitle="Dreamt harbour" />);
    fireEvent.click(screen.getByRole('button', { name: 'Content Credentials of Dreamt harbour' }));
    expect(screen.getByRole('dialog').textContent).toContain('Generative AI');
  });

  it('shows nothing without credentials, or for a claim that did not verify', () => {
    const { container } = render(
      <>
        <ContentCredentialsMark credentials={null} itemTitle="Plain" />
        <ContentCredentialsMark credentials={{ ...camera, valid: false }} itemTitle="Changed" />
      </>,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("is a disclosure with the same facts in the server's first paint, so a studio read without scripts shows them", () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<ContentCredentialsMark credentials={camera} itemTitle="Harbour at dawn" />);
    const details = host.querySelector('details');
    expect(details).not.toBeNull();
    expect(details?.querySelector('summary')?.getAttribute('aria-label')).toBe('Content Credentials of Harbour at dawn');
    for (const text of ['Harbour at dawn', 'Fieldmark M2', 'Fieldmark Camera', 'Test Camera Co, certified by Humanmade Test CA', 'created, color adjustments', 'November 26, 2026 at 4:30 AM UTC']) {
      expect(details?.textContent, text).toContain(text);
    }
    expect(host.querySelector('button')).toBeNull();
  });
});

describe('the date in the Content Credentials dialog', () => {
  const dateIn = (credentials: ContentCredentials) => {
    render(<ContentCredentialsMark credentials={credentials} itemTitle="Harbour at dawn" />);
    fireEvent.click(screen.getByRole('button', { name: 'Content Credentials of Harbour at dawn' }));
    const term = within(screen.getByRole('dialog')).getByText('Date');
    return term.nextElementSibling?.textContent;
  };

  it('is the checked time-stamp when the claim has one, whatever its actions state', () => {
    expect(dateIn({ ...camera, statedAt: '2026-03-12T10:30:00.000Z' })).toBe('November 26, 2026 at 4:30 AM UTC');
  });

  it('is the date the file states, said to be the file’s word and not verified, when there is no time-stamp', () => {
    expect(dateIn({ ...camera, signedAt: null, statedAt: '2026-03-12T16:45:00.000Z' })).toBe('Stated in the file: March 12, 2026 at 4:45 PM UTC (not verified)');
  });

  it('is not stated when the claim has neither, or was read before stated dates were kept', () => {
    expect(dateIn({ ...camera, signedAt: null, statedAt: null })).toBe('Not stated');
    cleanup();
    const { statedAt: _statedAt, ...older } = { ...camera, signedAt: null };
    expect(dateIn(older)).toBe('Not stated');
  });
});
