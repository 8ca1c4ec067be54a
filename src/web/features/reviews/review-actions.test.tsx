// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PublicReview } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { SessionProvider } from '../../lib/session';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { makeUser, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { ReviewActions, type ListedReview } from './review-actions';

resetBetweenTests();

const studio = { id: 'maker-1', name: 'Mara Maker' };
const review: PublicReview = {
  id: 'review-1',
  direction: 'client_to_creator',
  isHidden: false,
  rating: 2,
  subRatings: { communication: 2, quality: 2, onTime: 2 },
  wouldHireAgain: false,
  body: 'The labels came late.',
  authorName: 'Cleo Client',
  deliverableType: 'logo_design',
  projectMonth: '2026-03-01',
  publishedAt: '2026-03-20T10:00:00.000Z',
  reply: null,
  isReplyHidden: false,
};

const show = (user: ReturnType<typeof makeUser>, routes: FetchRoutes = {}, listed: ListedReview = review) => {
  const fetchMock = stubFetch({ 'GET /api/account/me': signedInAs(user), ...routes });
  render(
    <SessionProvider>
      <button type="button">Before the review</button>
      <ReviewActions review={listed} studio={studio} onChanged={() => undefined} />
    </SessionProvider>,
  );
  return fetchMock;
};

const reader = makeUser({ id: 'reader-1', role: 'client', name: 'Rae Reader' });

describe('ReviewActions', () => {
  it('moves focus into the report form’s text area when it opens, and back to the button on Cancel', async () => {
    show(reader);
    const open = await screen.findByRole('button', { name: 'Report this review' });
    open.focus();
    fireEvent.click(open);
    const field = screen.getByLabelText('What is wrong with this review? (optional)');
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('button', { name: 'Report this review' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('closes the form on Escape, with focus back on the button', async () => {
    show(reader);
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    const field = screen.getByLabelText('What is wrong with this review? (optional)');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report this review' })));
  });

  it('sends the report, then focuses the confirmation in place of the button', async () => {
    const fetchMock = show(reader, { 'POST /api/reviews/review-1/report': { status: 200, body: { message: REVIEW_MESSAGES.reported } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    fireEvent.change(screen.getByLabelText('What is wrong with this review? (optional)'), { target: { value: 'Another project.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(REVIEW_MESSAGES.reported);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('button', { name: 'Report this review' })).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/reviews/review-1/report');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Another project.' });
  });

  it('does not offer the report to the review’s author', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(reader) });
    render(
      <SessionProvider>
        <ul>
          <li>
            <ReviewActions review={{ ...review, isOwn: true }} studio={studio} onChanged={() => undefined} />
          </li>
          <li>
            <ReviewActions review={{ ...review, id: 'review-2', isOwn: false }} studio={studio} onChanged={() => undefined} />
          </li>
          <li>
            <ReviewActions review={{ ...review, id: 'review-3', isOwn: null }} studio={studio} onChanged={() => undefined} />
          </li>
        </ul>
      </SessionProvider>,
    );
    // Once the session has arrived, the other review offers it; the reader's own does not, nor one not known yet.
    expect(await screen.findAllByRole('button', { name: 'Report this review' })).toHaveLength(1);
    const [own, other, unknown] = screen.getAllByRole('listitem');
    expect(own.textContent).toBe('');
    expect(other.textContent).toContain('Report this review');
    expect(unknown.textContent).toBe('');
  });

  it('offers the review’s author a report of the reply under it, and nothing once the reply is hidden', async () => {
    const replied = { ...review, isOwn: true, reply: { body: 'You were impossible to work with.', createdAt: '2026-03-21T10:00:00.000Z' } };
    show(reader, {}, replied);
    fireEvent.click(await screen.findByRole('button', { name: 'Report this reply' }));
    expect(screen.getByLabelText('What is wrong with this reply? (optional)')).toBeTruthy();
    cleanup();
    show(reader, {}, { ...replied, reply: null, isReplyHidden: true });
    expect(await screen.findByText(REVIEW_MESSAGES.replyHidden)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('shows a hidden reply as hidden to everyone, and offers the studio no second reply', async () => {
    show(makeUser({ id: studio.id, role: 'maker', name: studio.name }), {}, { ...review, isReplyHidden: true });
    expect(await screen.findByText(REVIEW_MESSAGES.replyHidden)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Report this review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('takes the button away when the server refuses the report as the reader’s own review', async () => {
    show(reader, { 'POST /api/reviews/review-1/report': { status: 409, body: { error: 'conflict', message: REVIEW_MESSAGES.cannotReportOwn } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Report this review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(REVIEW_MESSAGES.cannotReportOwn);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('button', { name: 'Report this review' })).toBeNull();
  });

  it('lets a published reply of one long word (a pasted link) wrap inside a phone-wide studio', async () => {
    const link = `https://example.com/${'averylongpathsegment'.repeat(10)}`;
    show(reader, {}, { ...review, reply: { body: link, createdAt: '2026-03-21T10:00:00.000Z' } });
    // Without it the word ran 2,000 px past a 390 px phone (QA pass, decision 199).
    expect(screen.getByText(link).className).toContain('wrap-anywhere');
  });

  it('lets the studio reply: focus goes into the reply box, then to the published reply', async () => {
    show(makeUser({ id: studio.id, role: 'maker', name: studio.name }), { 'POST /api/reviews/review-1/reply': { status: 200, body: {} } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const field = screen.getByLabelText('Your public reply');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'Thank you, noted.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    const published = await screen.findByText('Thank you, noted.', { selector: 'p' });
    await waitFor(() => expect(document.activeElement).toBe(published.parentElement));
    expect(screen.getByText(`Reply from ${studio.name}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
