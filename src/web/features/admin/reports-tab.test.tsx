// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminReport, MessageView } from '../../../domain/conversation-schemas';
import { REVIEW_FIELD_MESSAGES, type AdminReviewReport } from '../../../domain/review-schemas';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';

resetBetweenTests();

// The page is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const admin = signedInAs(makeUser({ role: 'admin', name: 'Ada Admin' }));
const stats = { status: 200, body: { stats: { totalUsers: 3, pendingApplications: 0, totalProjects: 1, sealEligible: 0 } } };

const message = (id: string, seq: number, body: string, attachments: MessageView['attachments'] = []): MessageView => ({
  id,
  seq,
  conversationId: 'conversation-1',
  senderId: 'client-1',
  kind: 'text',
  body,
  clientMessageId: null,
  projectId: null,
  projectEvent: null,
  attachments,
  removed: false,
  createdAt: '2026-03-01T10:00:00.000Z',
});
const file = (id: string, name: string, isImage: boolean) => ({
  id,
  name,
  mime: isImage ? 'image/png' : 'application/pdf',
  size: 2048,
  url: `/api/conversations/conversation-1/attachments/${id}`,
  isImage,
});

const reviewReport: AdminReviewReport = {
  id: 'review-report-1',
  reason: 'Not about my project',
  createdAt: '2026-03-02T10:00:00.000Z',
  reporter: { id: 'maker-1', name: 'Mara Maker' },
  review: {
    id: 'review-1',
    rating: 1,
    body: 'Late and wrong.',
    authorName: 'Cleo Client',
    subjectName: 'Mara Maker',
    subjectId: 'maker-1',
    isHidden: false,
    hiddenReason: null,
    reply: null,
    isReplyHidden: false,
    replyHiddenReason: null,
  },
};

const renderReports = (routes: FetchRoutes = {}, reports: AdminReport[] = []) => {
  const fetchMock = stubFetch({
    'GET /api/account/me': admin,
    'GET /api/admin/overview': stats,
    'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, nextCursor: null } },
    'GET /api/admin/reports': { status: 200, body: { reports, nextCursor: null } },
    'GET /api/admin/reports/reviews': { status: 200, body: { reports: [reviewReport], nextCursor: null } },
    'GET /api/admin/reports/reviews/hidden': { status: 200, body: { hidden: [], nextCursor: null } },
    ...routes,
  });
  renderApp('/dashboard-admin?tab=reports');
  return fetchMock;
};

const hidePosts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([url]) => url === '/api/admin/reports/reviews/review-1/hide');

const openHideDialog = async () => {
  const review = (await screen.findByText('Late and wrong.', {}, slow)).closest('li')!;
  fireEvent.click(within(review).getByRole('button', { name: 'Hide review' }));
  const dialog = await screen.findByRole('dialog');
  return { dialog, field: within(dialog).getByLabelText('Reason (required, kept in the audit log)') };
};

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('Reports: a reported message', () => {
  it("shows the reported message's own image and PDF, and no other message's files", async () => {
    const reported = message('message-2', 2, 'Look at this', [file('image-1', 'proof.png', true), file('pdf-1', 'terms.pdf', false)]);
    const report: AdminReport = {
      id: 'report-1',
      status: 'open',
      reason: 'Rude',
      createdAt: '2026-03-02T10:00:00.000Z',
      conversationId: 'conversation-1',
      reporter: { id: 'maker-1', name: 'Mara Maker' },
      message: reported,
      // Should a neighbour ever come with a file, it is still not the admin's to open.
      context: [message('message-1', 1, 'Before', [file('image-0', 'private.png', true)]), reported],
      people: [{ id: 'client-1', name: 'Cleo Client' }],
    };
    renderReports({}, [report]);
    const files = await screen.findByRole('list', { name: 'Attachments of the reported message' }, slow);
    const image = within(files).getByRole('img', { name: 'proof.png' });
    expect(image.getAttribute('src')).toBe('/api/conversations/conversation-1/attachments/image-1');
    expect(within(files).getByRole('link', { name: 'terms.pdf' }).getAttribute('href')).toBe('/api/conversations/conversation-1/attachments/pdf-1');
    expect(screen.queryByRole('img', { name: 'private.png' })).toBeNull();
  });

  it("names a system line Humanmade's, whoever's action wrote it (an admin's is not theirs to sign)", async () => {
    const reported = message('message-3', 3, 'Look at this');
    const system: MessageView = { ...message('message-2', 2, 'Humanmade cancelled the project.'), senderId: 'admin-1', kind: 'system' };
    renderReports({}, [
      {
        id: 'report-2',
        status: 'open',
        reason: 'Rude',
        createdAt: '2026-03-02T10:00:00.000Z',
        conversationId: 'conversation-1',
        reporter: { id: 'maker-1', name: 'Mara Maker' },
        message: reported,
        context: [message('message-1', 1, 'Before'), system, reported],
        people: [
          { id: 'client-1', name: 'Cleo Client' },
          { id: 'admin-1', name: 'Ada Admin' },
        ],
      },
    ]);
    const context = await screen.findByRole('list', { name: 'The message in its context' }, slow);
    const lines = within(context)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual(['Cleo Client: Before', 'Humanmade: Humanmade cancelled the project.', 'Cleo Client: Look at this (the reported message)']);
  });
});

/** An open report of one message, `n` telling them apart. */
const messageReport = (n: number): AdminReport => {
  const reported = message(`message-${n}`, n, `Reported words ${n}`);
  return {
    id: `report-${n}`,
    status: 'open',
    reason: `Reason ${n}`,
    createdAt: '2026-03-02T10:00:00.000Z',
    conversationId: 'conversation-1',
    reporter: { id: 'maker-1', name: 'Mara Maker' },
    message: reported,
    context: [reported],
    people: [{ id: 'client-1', name: 'Cleo Client' }],
  };
};

describe("Reports: 'Load more' (decision 229)", () => {
  it('reads the next page of reported messages after the ones shown, each once, until there is none', async () => {
    const fetchMock = renderReports({
      'GET /api/admin/reports': { status: 200, body: { reports: [messageReport(1), messageReport(2)], nextCursor: 'cursor-1' } },
      // A report can move from one page to the next between two reads: it is shown once.
      'GET /api/admin/reports?cursor=cursor-1': { status: 200, body: { reports: [messageReport(2), messageReport(3)], nextCursor: null } },
    });
    const list = await screen.findByRole('list', { name: 'Reported messages' }, slow);
    expect(within(list).getAllByRole('list', { name: 'The message in its context' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more reports' }));
    expect(await within(list).findByText('Reported words 3')).toBeTruthy();
    const shown = within(list)
      .getAllByRole('list', { name: 'The message in its context' })
      .map((context) => context.textContent);
    expect(shown).toEqual(['Cleo Client: Reported words 1 (the reported message)', 'Cleo Client: Reported words 2 (the reported message)', 'Cleo Client: Reported words 3 (the reported message)']);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more reports' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/reports?cursor=cursor-1')).toHaveLength(1);
  });

  it('keeps the reports shown when the next page fails, says so, and tries again', async () => {
    let fails = true;
    renderReports({
      'GET /api/admin/reports': { status: 200, body: { reports: [messageReport(1)], nextCursor: 'cursor-1' } },
      'GET /api/admin/reports?cursor=cursor-1': () =>
        fails ? { status: 500, body: { error: 'internal_error', message: 'boom' } } : { status: 200, body: { reports: [messageReport(2)], nextCursor: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more reports' }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe('More could not be loaded. Please try again.');
    expect(screen.getByText('Reported words 1')).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load more reports' }));
    expect(await screen.findByText('Reported words 2')).toBeTruthy();
    expect(screen.queryByText('More could not be loaded. Please try again.')).toBeNull();
  });

  it('reads more reported reviews and more hidden ones, each list on its own, so every hidden review can be restored', async () => {
    const review = (n: number, changes: Partial<AdminReviewReport['review']> = {}) => ({ ...reviewReport.review, id: `review-${n}`, body: `Review body ${n}`, ...changes });
    const fetchMock = renderReports({
      'GET /api/admin/reports/reviews': { status: 200, body: { reports: [{ ...reviewReport, review: review(1) }], nextCursor: 'reports-1' } },
      'GET /api/admin/reports/reviews?cursor=reports-1': { status: 200, body: { reports: [{ ...reviewReport, id: 'review-report-2', review: review(2) }], nextCursor: null } },
      'GET /api/admin/reports/reviews/hidden': { status: 200, body: { hidden: [review(3, { isHidden: true, hiddenReason: 'Abuse' })], nextCursor: 'hidden-1' } },
      'GET /api/admin/reports/reviews/hidden?cursor=hidden-1': { status: 200, body: { hidden: [review(4, { isHidden: true, hiddenReason: 'Private details' })], nextCursor: null } },
      'POST /api/admin/reports/reviews/review-4/restore': { status: 204 },
    });
    const hiddenList = await screen.findByRole('list', { name: 'Hidden reviews and replies' }, slow);
    expect(within(hiddenList).getByText('Review body 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more hidden reviews' }));
    const fourth = (await within(hiddenList).findByText('Review body 4')).closest('li')!;
    expect(screen.queryByRole('button', { name: 'Load more hidden reviews' })).toBeNull();
    // The reported reviews were not read again for it, and have their own 'Load more'.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/reports/reviews?cursor=reports-1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Load more reported reviews' }));
    const reported = screen.getByRole('list', { name: 'Reported reviews' });
    expect(await within(reported).findByText('Review body 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more reported reviews' })).toBeNull();

    // A review reached on the second page can be restored.
    fireEvent.click(within(fourth).getByRole('button', { name: 'Restore review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore review' }));
    expect(await screen.findByText('Review restored')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/reports/reviews/review-4/restore')).toHaveLength(1);
  });
});

describe('Reports: a reported review', () => {
  it('wraps a long reply and a long reason inside the card on a phone', async () => {
    const word = 'averylongpathsegment'.repeat(10);
    renderReports({
      'GET /api/admin/reports/reviews': {
        status: 200,
        body: { reports: [{ ...reviewReport, reason: word, review: { ...reviewReport.review, reply: word } }], nextCursor: null },
      },
    });
    const reply = await screen.findByText(`Reply: ${word}`, {}, slow);
    expect(reply.className).toContain('wrap-anywhere');
    expect(screen.getByText(`· “${word}”`, { exact: false }).closest('p')!.className).toContain('wrap-anywhere');
  });
});

describe('Reports: deciding one reported review after another', () => {
  it("keeps a keyboard admin's place: focus moves to the next review, not to the top of the tab", async () => {
    const second: AdminReviewReport = { ...reviewReport, id: 'review-report-2', review: { ...reviewReport.review, id: 'review-2', body: 'Slow to answer.', authorName: 'Dan Client' } };
    let reports = [reviewReport, second];
    let hidden: AdminReviewReport['review'][] = [];
    renderReports({
      'GET /api/admin/reports/reviews': () => ({ status: 200, body: { reports, nextCursor: null } }),
      'GET /api/admin/reports/reviews/hidden': () => ({ status: 200, body: { hidden, nextCursor: null } }),
      'POST /api/admin/reports/reviews/review-1/hide': () => {
        reports = [second];
        hidden = [{ ...reviewReport.review, isHidden: true, hiddenReason: 'Off topic' }];
        return { status: 204 };
      },
    });
    const { dialog, field } = await openHideDialog();
    fireEvent.change(field, { target: { value: 'Off topic' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dan Client about Mara Maker · 1 of 5'), slow);
  });
});

describe("Reports: the 'Hide review' dialog", () => {
  it('marks the reason required, and shows the refusal of an empty one under the field, focused, sending nothing', async () => {
    const fetchMock = renderReports();
    const { dialog, field } = await openHideDialog();
    expect(within(dialog).queryByText('Optional.')).toBeNull();
    expect(field.getAttribute('aria-required')).toBe('true');
    expect(field.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field)).toContain(REVIEW_FIELD_MESSAGES.hideReason);
    expect(within(dialog).getByText(REVIEW_FIELD_MESSAGES.hideReason)).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(hidePosts(fetchMock)).toHaveLength(0);

    // Typing a reason takes the message away.
    fireEvent.change(field, { target: { value: 'Describes another project' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBeNull());
    expect(within(dialog).queryByText(REVIEW_FIELD_MESSAGES.hideReason)).toBeNull();
  });

  it("shows the server's message for the reason under the field, with focus on it, and keeps the dialog open", async () => {
    const refusal = 'The reason must say which rule the review breaks';
    const fetchMock = renderReports({
      'POST /api/admin/reports/reviews/review-1/hide': { status: 400, body: { error: 'bad_request', message: refusal, fields: { reason: refusal } } },
    });
    const { dialog, field } = await openHideDialog();
    fireEvent.change(field, { target: { value: 'Bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(field)).toContain(refusal);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(JSON.parse(String(hidePosts(fetchMock)[0]?.[1]?.body))).toEqual({ reason: 'Bad' });
  });

  it('sends the reason and closes when the review is hidden', async () => {
    const fetchMock = renderReports({ 'POST /api/admin/reports/reviews/review-1/hide': { status: 204 } });
    const { dialog, field } = await openHideDialog();
    fireEvent.change(field, { target: { value: 'Describes another project' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText('Review hidden')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(hidePosts(fetchMock)[0]?.[1]?.body))).toEqual({ reason: 'Describes another project' });
  });

  it("hides only the reply of a review that has one, with a reason, and offers a hidden reply's restore", async () => {
    const replied = { ...reviewReport, review: { ...reviewReport.review, reply: 'You never paid attention.' } };
    const hiddenReply = { ...replied.review, id: 'review-2', body: 'Slow but fine.', isReplyHidden: true, replyHiddenReason: 'Insulting' };
    const fetchMock = renderReports({
      'GET /api/admin/reports/reviews': { status: 200, body: { reports: [replied], nextCursor: null } },
      'GET /api/admin/reports/reviews/hidden': { status: 200, body: { hidden: [hiddenReply], nextCursor: null } },
      'POST /api/admin/reports/reviews/review-1/hide-reply': { status: 204 },
    });
    const row = (await screen.findByText('Late and wrong.', {}, slow)).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Hide reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this reply?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide reply' }));
    // A reason is required, as for a review.
    expect(await within(dialog).findByText(REVIEW_FIELD_MESSAGES.hideReason)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (required, kept in the audit log)'), { target: { value: 'Insults the client' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide reply' }));
    expect(await screen.findByText('Reply hidden')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/reports/reviews/review-1/hide-reply');
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ reason: 'Insults the client' });

    const hiddenRow = screen.getByText('Slow but fine.').closest('li')!;
    expect(within(hiddenRow).getByText('Reply hidden: Insulting')).toBeTruthy();
    expect(within(hiddenRow).getByRole('button', { name: 'Restore reply' })).toBeTruthy();
    expect(within(hiddenRow).queryByRole('button', { name: 'Hide reply' })).toBeNull();
  });
});
