// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { PortfolioItem } from '../../../domain/portfolio-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, signedInAs, signedOut, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import '../../../../test/web/jsdom-shims';
import { AddPortfolioItemDialog } from './add-portfolio-item-dialog';
import { PortfolioCard } from './portfolio-card';

beforeAll(() => {
  // The picker previews the chosen image through an object URL, which jsdom lacks.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderWithQueries = (ui: ReactElement) =>
  render(<AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</AppProviders>);

const LOGIN_REQUIRED = 'You must be logged in to upload portfolio items';

/** Opens the dialog and fills in a valid item, so only the session or the server can refuse it. */
const fillValidItem = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Image'), { target: { files: [new File(['png'], 'poster.png', { type: 'image/png' })] } });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Letterpress poster' } });
  fireEvent.keyDown(within(dialog).getByLabelText('Category'), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: 'Editorial design' }));
  return dialog;
};

/** The dialog reads the session the app loaded; wait until that answer is in. */
const sessionSettled = async (fetchMock: ReturnType<typeof stubFetch>) => {
  await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/account/me')).toBe(true));
  await Promise.all(fetchMock.mock.results.map((result) => result.value));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

const portfolioPosts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/portfolio' && init?.method === 'POST').length;

describe('adding a portfolio item without a session', () => {
  it(`says '${LOGIN_REQUIRED}' and sends nothing when nobody is signed in`, async () => {
    const fetchMock = stubFetch({ 'GET /api/account/me': signedOut });
    renderWithQueries(<AddPortfolioItemDialog />);
    const dialog = await fillValidItem();
    await sessionSettled(fetchMock);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    expect(await screen.findByText(LOGIN_REQUIRED)).toBeTruthy();
    expect(portfolioPosts(fetchMock)).toBe(0);
  });

  it(`says '${LOGIN_REQUIRED}' when the session ended before the upload (401)`, async () => {
    const routes: FetchRoutes = {
      'GET /api/account/me': signedInAs(makeUser({ role: 'maker' })),
      'POST /api/portfolio': { status: 401, body: { error: 'unauthorized', message: 'Please log in' } },
    };
    const fetchMock = stubFetch(routes);
    renderWithQueries(<AddPortfolioItemDialog />);
    const dialog = await fillValidItem();
    await sessionSettled(fetchMock);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    expect(await screen.findByText(LOGIN_REQUIRED)).toBeTruthy();
    expect(portfolioPosts(fetchMock)).toBe(1);
    expect(screen.queryByText('Error uploading portfolio item')).toBeNull();
  });
});

describe('deleting a portfolio item', () => {
  const item: PortfolioItem = {
    id: 'item-1',
    title: 'Type specimen',
    description: null,
    category: 'editorial_design',
    imageUrl: '/files/portfolio-items/u1/portfolio/item-1.png?v=1',
    thumbnailUrl: '/files/portfolio-items/u1/portfolio/item-1.thumb.webp?v=1',
    createdAt: '2025-05-01T10:00:00.000Z',
  };

  it("says 'Error deleting item' when the server refuses, and keeps the dialog open", async () => {
    const fetchMock = stubFetch({ 'DELETE /api/portfolio/item-1': { status: 500, body: { error: 'internal', message: 'Internal Server Error' } } });
    renderWithQueries(<PortfolioCard item={item} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Type specimen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting item')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/portfolio/item-1' && init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByText('Portfolio item deleted')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
