// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProvenanceReviewItem } from '../../../domain/admin-schemas';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { AppProviders } from '../../app-providers';
import { ProvenanceTab } from './provenance-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const generated = {
  generator: 'Imagine Studio',
  tool: 'Imagine Diffusion 4',
  signer: 'Test Camera Co',
  issuer: 'Humanmade Test CA',
  signedAt: null,
  actions: ['c2pa.created'],
  digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  aiDeclared: true,
  valid: true,
};
const lookalike: NonNullable<ProvenanceReviewItem['match']> = {
  id: 'item-0',
  title: 'Harbour at dawn',
  imageUrl: '/files/portfolio-items/maker-0/portfolio/item-0.jpg',
  createdAt: '2026-01-05T10:00:00.000Z',
  maker: { id: 'maker-0', name: 'Ines Varga' },
};
const held = (overrides: Partial<ProvenanceReviewItem>): ProvenanceReviewItem => ({
  id: 'item-1',
  title: 'Dreamt harbour',
  imageUrl: '/files/portfolio-items/maker-1/portfolio/item-1.jpg',
  createdAt: '2026-03-01T10:00:00.000Z',
  maker: { id: 'maker-1', name: 'Mara Maker' },
  reason: 'ai_declared',
  contentCredentials: generated,
  match: null,
  ...overrides,
});

const renderTab = (items: ProvenanceReviewItem[]) => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const body = url === '/api/admin/provenance' ? { items } : { items: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProvenanceTab />
    </AppProviders>,
  );
};

const cardOf = async (title: string) => {
  const list = await screen.findByRole('list', { name: 'Images held for review' });
  return within(list).getByText(title, { selector: 'span' }).closest('li') as HTMLElement;
};

describe('the Provenance tab', () => {
  it('shows an image that is both AI-declared and a near copy with both reasons, beside its lookalike', async () => {
    renderTab([held({ match: lookalike })]);
    const card = await cardOf('Dreamt harbour');
    expect(within(card).getByRole('img', { name: 'Resembles: Harbour at dawn by Ines Varga' })).toBeTruthy();
    expect(within(card).getByText(CONTENT_CREDENTIALS_MESSAGES.aiDeclared)).toBeTruthy();
    expect(within(card).getByText(CONTENT_CREDENTIALS_MESSAGES.nearCopy)).toBeTruthy();
    expect(within(card).getByText('Imagine Diffusion 4')).toBeTruthy();
  });

  it('shows an AI-declared image with its declaration only, and a near copy beside its lookalike only', async () => {
    renderTab([held({}), held({ id: 'item-2', title: 'Copied harbour', reason: 'near_copy', contentCredentials: null, match: lookalike })]);
    const declared = await cardOf('Dreamt harbour');
    expect(within(declared).getByText(CONTENT_CREDENTIALS_MESSAGES.aiDeclared)).toBeTruthy();
    expect(within(declared).queryByText(CONTENT_CREDENTIALS_MESSAGES.nearCopy)).toBeNull();
    expect(within(declared).queryByRole('img', { name: /^Resembles/ })).toBeNull();
    const copy = await cardOf('Copied harbour');
    expect(within(copy).getByRole('img', { name: 'Resembles: Harbour at dawn by Ines Varga' })).toBeTruthy();
    expect(within(copy).queryByText(CONTENT_CREDENTIALS_MESSAGES.aiDeclared)).toBeNull();
  });
});
