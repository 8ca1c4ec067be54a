// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StudioData } from '../../../domain/marketplace';
import { SessionProvider } from '../../lib/session';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { makeUser, signedInAs, signedOut, stubFetch } from '../../../../test/web/render-app';
import { StudioReviews } from './studio-reviews';

resetBetweenTests();
const review = { id: 'r1', direction: 'client_to_creator', isHidden: false, rating: 2, subRatings: { communication: 2, quality: 2, onTime: 2 }, wouldHireAgain: false, body: 'Late.', authorName: 'Cleo', deliverableType: 'logo_design', projectMonth: '2026-03-01', publishedAt: '2026-03-20T10:00:00.000Z', reply: null };
const studio = { id: 'maker-1', name: 'Mara', rating: { count: 1, average: null, subRatings: null, wouldHireAgainPercent: null }, reviews: { reviews: [review], nextCursor: null } } as unknown as StudioData;

const MINE = 'GET /api/reviews/creators/maker-1/mine';
const show = (shown: StudioData = studio, path = '/') =>
  render(
    <SessionProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <StudioReviews studio={shown} />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionProvider>,
  );

describe('StudioReviews with ReviewActions', () => {
  it('focuses the report textarea and returns focus on cancel', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'reader', role: 'client' })), [MINE]: { status: 200, body: { reviewIds: [] } } });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('What is wrong with this review? (optional)')));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this review' })));
  });

  it('does not offer Report on the reviews the signed-in reader wrote, as the server says they are theirs', async () => {
    const other = { ...review, id: 'r2', body: 'Good in the end.', authorName: 'Dora' };
    const fetchMock = stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'reader', role: 'client' })), [MINE]: { status: 200, body: { reviewIds: ['r1'] } } });
    show({ ...studio, reviews: { reviews: [review, other], nextCursor: null } } as StudioData);
    expect(await screen.findAllByRole('button', { name: 'Report this review' })).toHaveLength(1);
    const [own, theirs] = screen.getAllByRole('listitem');
    expect(own.textContent).toContain('Late.');
    expect(own.textContent).not.toContain('Report this review');
    expect(theirs.textContent).toContain('Report this review');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/reviews/creators/maker-1/mine')).toHaveLength(1);
  });

  it('offers Report when the question fails (the server still refuses the author), and asks it only for a client', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'reader', role: 'client' })), [MINE]: { status: 500, body: { error: 'internal', message: 'Down' } } });
    show();
    expect(await screen.findAllByRole('button', { name: 'Report this review' })).toHaveLength(1);
    cleanup();

    const fetchMock = stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'maker-2', role: 'maker' })) });
    show();
    expect(await screen.findAllByRole('button', { name: 'Report this review' })).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/mine'))).toBe(false);
  });

  it('moves focus to the first older review when the last page takes "Show older reviews" away (not to the page’s start)', async () => {
    const older = { ...review, id: 'r2', body: 'An older review.', authorName: 'Dora' };
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/reviews/creators/maker-1?cursor=c1': { status: 200, body: { reviews: [older], nextCursor: null } } });
    show({ ...studio, reviews: { reviews: [review], nextCursor: 'c1' } } as StudioData);
    const more = await screen.findByRole('link', { name: 'Show older reviews' });
    more.focus();
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Show older reviews' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('listitem')[1]));
    expect(document.activeElement?.textContent).toContain('An older review.');
  });

  it('back to the newest reviews from an older page shows the newest page alone, not with the pages added below the older one', async () => {
    const second = { ...review, id: 'r2', body: 'Second page.', authorName: 'Dora' };
    const third = { ...review, id: 'r3', body: 'Third page.', authorName: 'Eli' };
    stubFetch({
      'GET /api/account/me': signedOut,
      'GET /api/reviews/creators/maker-1?cursor=c1': { status: 200, body: { reviews: [second], nextCursor: 'c2' } },
      'GET /api/reviews/creators/maker-1?cursor=c2': { status: 200, body: { reviews: [third], nextCursor: null } },
    });
    show({ ...studio, reviews: { reviews: [review], nextCursor: 'c1' } } as StudioData, '/?reviews=c1');
    fireEvent.click(await screen.findByRole('link', { name: 'Show older reviews' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: 'Back to the newest reviews' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Back to the newest reviews' })).toBeNull());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.includes('Late.'))).toEqual([true]);
    expect(screen.getByRole('link', { name: 'Show older reviews' }).getAttribute('href')).toContain('reviews=c1');
  });

  it('an older page the server does not answer (a cursor cut short) keeps the figures and the way back, with a message', async () => {
    stubFetch({
      'GET /api/account/me': signedOut,
      'GET /api/reviews/creators/maker-1?cursor=cut': { status: 400, body: { error: 'bad_request', message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } } },
    });
    show(studio, '/?reviews=cut');
    expect((await screen.findByRole('alert')).textContent).toBe('These older reviews could not be found. The address may be incomplete.');
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeTruthy();
    expect(screen.getByText('1 review so far; an average shows from 3.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the newest reviews' })).toBeTruthy();
  });
});
