// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectReviewState } from '../../../domain/review-schemas';
import { resetBetweenTests } from '../../test/reset-between-tests';
import { projectView } from '../../test/project-fixtures';
import { stubFetch } from '../../test/render-app';
import { ProjectReviews } from './project-reviews';

resetBetweenTests();

const waiting: ProjectReviewState = {
  projectId: 'project-1',
  status: 'waiting',
  closesAt: '2026-12-13T10:00:00.000Z',
  side: 'creator',
  otherName: 'Cleo Client',
  mine: { rating: 4, body: 'A clear brief and quick answers.', communication: null, quality: null, onTime: null, wouldHireAgain: null, publishedAt: null },
  theirs: null,
};

const show = () => {
  stubFetch({ 'GET /api/reviews/projects/project-1': { status: 200, body: waiting } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProjectReviews project={projectView({ id: 'project-1', status: 'completed' })} perspective="creator" />
    </QueryClientProvider>,
  );
};

describe('ProjectReviews, a review waiting for the other side', () => {
  it('moves focus to the chosen rating on Edit, and back to the button on Cancel (not to the page’s start)', async () => {
    show();
    const edit = await screen.findByRole('button', { name: 'Edit your review' });
    edit.focus();
    fireEvent.click(edit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars' })));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit your review' })));
  });
});
