// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StudioData } from '../../../domain/marketplace';
import { SessionProvider } from '../../lib/session';
import { resetBetweenTests } from '../../test/reset-between-tests';
import { makeUser, signedInAs, stubFetch } from '../../test/render-app';
import { StudioReviews } from './studio-reviews';

resetBetweenTests();
const review = { id: 'r1', direction: 'client_to_creator', isHidden: false, rating: 2, subRatings: { communication: 2, quality: 2, onTime: 2 }, wouldHireAgain: false, body: 'Late.', authorName: 'Cleo', deliverableType: 'logo_design', projectMonth: '2026-03-01', publishedAt: '2026-03-20T10:00:00.000Z', reply: null };
const studio = { id: 'maker-1', name: 'Mara', rating: { count: 1, average: null, subRatings: null, wouldHireAgainPercent: null }, reviews: { reviews: [review], nextCursor: null } } as unknown as StudioData;

describe('StudioReviews with ReviewActions', () => {
  it('focuses the report textarea and returns focus on cancel', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'reader', role: 'client' })) });
    render(
      <SessionProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <StudioReviews studio={studio} />
          </MemoryRouter>
        </QueryClientProvider>
      </SessionProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('What is wrong with this review? (optional)')));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this review' })));
  });
});
