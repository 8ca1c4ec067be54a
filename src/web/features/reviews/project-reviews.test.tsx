// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectReviewState, PublicReview } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { projectView } from '../../../../test/web/project-fixtures';
import { makeUser, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { SessionProvider } from '../../lib/session';
import { ProjectReviews } from './project-reviews';

resetBetweenTests();

const waiting: ProjectReviewState = {
  projectId: 'project-1',
  status: 'waiting',
  closesAt: '2026-12-13T10:00:00.000Z',
  side: 'creator',
  otherName: 'Cleo Client',
  mine: { rating: 4, body: 'A clear brief and quick answers.', communication: null, quality: null, onTime: null, wouldHireAgain: null, publishedAt: null, isHidden: false },
  theirs: null,
};

const show = (state: ProjectReviewState = waiting, user = makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' }), routes: FetchRoutes = {}) => {
  const fetchMock = stubFetch({ 'GET /api/account/me': signedInAs(user), 'GET /api/reviews/projects/project-1': { status: 200, body: state }, ...routes });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <ProjectReviews project={projectView({ id: 'project-1', status: 'completed' })} perspective={state.side} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
};

const theirs: PublicReview = {
  id: 'review-theirs',
  direction: 'creator_to_client',
  isHidden: false,
  rating: 1,
  subRatings: null,
  wouldHireAgain: null,
  body: 'Rude and slow to pay.',
  authorName: 'Mara Maker',
  deliverableType: 'logo_design',
  projectMonth: '2026-11-01',
  publishedAt: '2026-11-20T10:00:00.000Z',
  reply: null,
  isReplyHidden: false,
};

const published = (side: 'client' | 'creator', overrides: Partial<ProjectReviewState> = {}): ProjectReviewState => ({
  ...waiting,
  status: 'published',
  side,
  otherName: side === 'client' ? 'Mara Maker' : 'Cleo Client',
  mine: { rating: 5, body: 'Careful, generous work.', communication: 5, quality: 5, onTime: 5, wouldHireAgain: true, publishedAt: '2026-11-20T10:00:00.000Z', isHidden: false },
  theirs,
  ...overrides,
});
const client = makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' });

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

describe('ProjectReviews, overtaken while editing', () => {
  it("gives way to the published reviews when the other side's review published both while the form was open", async () => {
    let current: ProjectReviewState = waiting;
    show(waiting, undefined, {
      'GET /api/reviews/projects/project-1': () => ({ status: 200, body: current }),
      'PUT /api/reviews/projects/project-1': () => {
        current = published('creator', { theirs: { ...theirs, direction: 'client_to_creator', body: 'Lovely to work with.' } });
        return { status: 409, body: { error: 'conflict', message: REVIEW_MESSAGES.alreadyPublished } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('status')).textContent).toBe(REVIEW_MESSAGES.alreadyPublished);
    expect(await screen.findByText('Lovely to work with.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Reviews'));
  });
});

describe('ProjectReviews, once published', () => {
  it("lets the client report the creator's review of them, its only other reader, and offers no reply it would show nowhere", async () => {
    const fetchMock = show(published('client'), client, { 'POST /api/reviews/review-theirs/report': { status: 200, body: { message: REVIEW_MESSAGES.reported } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    fireEvent.change(screen.getByLabelText('What is wrong with this review? (optional)'), { target: { value: 'Not true.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('status')).textContent).toBe(REVIEW_MESSAGES.reported);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/reviews/review-theirs/report');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Not true.' });
  });

  it("lets the creator reply to the client's review from the project, as on the studio, and report it", async () => {
    show(published('creator', { theirs: { ...theirs, direction: 'client_to_creator', authorName: 'Cleo Client' } }));
    expect(await screen.findByRole('button', { name: 'Reply' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this review' })).toBeTruthy();
  });

  it('tells the author their review was hidden, and offers nothing on a hidden review of them', async () => {
    const state = published('client', { theirs: { ...theirs, isHidden: true, rating: null, body: null, authorName: null } });
    show({ ...state, mine: { ...state.mine!, isHidden: true } }, client);
    expect(await screen.findByText(/Hidden by Humanmade: everyone else sees that in its place/)).toBeTruthy();
    // Their own words stay readable to them.
    expect(screen.getByText('Careful, generous work.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.hidden)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Report this review' })).toBeNull();
  });
});

describe('ProjectReviews, a draft the creator decides on', () => {
  it("shows the client's record as a part of the card under its heading, not as one more landmark per card", async () => {
    stubFetch({
      'GET /api/reviews/clients/client-1/record': {
        status: 200,
        body: { clientId: 'client-1', projectsCompleted: 5, reviewCount: 4, averageRating: 4.8, memberSince: '2026-07-02T10:00:00.000Z' },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProjectReviews project={projectView({ id: 'project-1', status: 'draft' })} perspective="creator" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'About this client' })).toBeTruthy();
    expect(screen.getByText('4.8 of 5 (4)')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('ProjectReviews, when the reviews cannot be read', () => {
  it('says so with a way to try again, instead of showing nothing', async () => {
    let fail = true;
    show(waiting, undefined, {
      'GET /api/reviews/projects/project-1': () => (fail ? { status: 500, body: { error: 'internal', message: 'Something went wrong' } } : { status: 200, body: waiting }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The reviews of this project could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });
});
