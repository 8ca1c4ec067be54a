// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MakerApplication, MindApplication } from '../../../domain/admin-schemas';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { milestoneView, projectView } from '../../../../test/web/project-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The page is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const admin = signedInAs(makeUser({ role: 'admin', name: 'Ada Admin' }));
const stats = { status: 200, body: { stats: { totalUsers: 12, pendingApplications: 1, totalProjects: 7, sealEligible: 2 } } };
const maker: MakerApplication = {
  userId: 'maker-1',
  name: 'Mara Maker',
  email: 'mara@example.com',
  avatarUrl: null,
  bio: 'Letterer.',
  introVideoUrl: 'https://video.example.com/mara',
  portfolioCount: 2,
  submittedAt: '2026-03-01T10:00:00.000Z',
  experienceYears: 6,
  websiteLink: null,
  deliverableCategories: ['logo_design', 'social_media_assets'],
};

const renderAdmin = (routes: FetchRoutes, path = '/dashboard-admin') => {
  const fetchMock = stubFetch({ 'GET /api/account/me': admin, 'GET /api/admin/overview': stats, ...routes });
  return { fetchMock, ...renderApp(path) };
};

describe('the admin dashboard', () => {
  it('shows the real counts and the pending applications, with the video opening in a new tab', async () => {
    renderAdmin({ 'GET /api/admin/applications': { status: 200, body: { makers: [maker], minds: [] } } });
    expect(await screen.findByRole('heading', { name: 'Mara Maker' }, slow)).toBeTruthy();
    for (const [label, value] of [['Total Users', '12'], ['Pending Applications', '1'], ['Total Projects', '7'], ['Seal Eligible', '2']]) {
      const card = screen.getByText(label).closest('div')!.parentElement!;
      expect(within(card).getByText(value)).toBeTruthy();
    }
    expect(screen.getByText('6 years of experience')).toBeTruthy();
    expect(screen.getByText('social media assets')).toBeTruthy();
    const video = screen.getByRole('link', { name: /Watch intro video/ });
    expect(video.getAttribute('target')).toBe('_blank');
    expect(video.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('No pending mind applications')).toBeTruthy();
  });

  it('approves, toasts and reloads the list', async () => {
    let pending = [maker];
    const { fetchMock } = renderAdmin({
      'GET /api/admin/applications': () => ({ status: 200, body: { makers: pending, minds: [] } }),
      'POST /api/admin/applications/maker/maker-1/approve': () => {
        pending = [];
        return { status: 200, body: { userId: 'maker-1', role: 'maker', status: 'approved' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, slow));
    expect(await screen.findByText('Application approved!')).toBeTruthy();
    expect(await screen.findByText('No pending maker applications')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/overview').length).toBeGreaterThan(1);
  });

  it('rejects with the reason typed in the dialog, and shows the server’s message when a decision fails', async () => {
    const { fetchMock } = renderAdmin({
      'GET /api/admin/applications': { status: 200, body: { makers: [maker], minds: [] } },
      'POST /api/admin/applications/maker/maker-1/reject': { status: 200, body: { userId: 'maker-1', role: 'maker', status: 'rejected' } },
      'POST /api/admin/applications/maker/maker-1/approve': { status: 409, body: { error: 'conflict', message: 'This application is no longer pending.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Needs process shots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('Application rejected')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/applications/maker/maker-1/reject');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Needs process shots' });

    // The product's toast, with the server's reason beneath it.
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Error approving application')).toBeTruthy();
    expect(await screen.findByText('This application is no longer pending.')).toBeTruthy();
  });

  it('shows a mind applicant with the plan and expertise', async () => {
    const mind: MindApplication = {
      userId: 'mind-1',
      name: 'Mo Mind',
      email: 'mo@example.com',
      avatarUrl: null,
      bio: null,
      introVideoUrl: null,
      portfolioCount: 0,
      submittedAt: '2026-03-02T10:00:00.000Z',
      subscriptionPlan: 'pro',
      expertiseAreas: ['Brand Strategy', 'Creative Direction'],
    };
    renderAdmin({ 'GET /api/admin/applications': { status: 200, body: { makers: [], minds: [mind] } } });
    expect(await screen.findByRole('heading', { name: 'Mo Mind' }, slow)).toBeTruthy();
    for (const text of ['Brand Strategy', 'Creative Direction']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText('No pending maker applications')).toBeTruthy();
  });

  it('toasts the spec’s message when the dashboard cannot load', async () => {
    renderAdmin({ 'GET /api/admin/overview': { status: 500, body: { error: 'internal_error', message: 'boom' } }, 'GET /api/admin/applications': { status: 500, body: { error: 'internal_error', message: 'boom' } } });
    const loadToasts = () => [...document.querySelectorAll('[data-sonner-toast]')].filter((toast) => toast.textContent?.includes('Error loading dashboard data'));
    await waitFor(() => expect(loadToasts().length).toBeGreaterThan(0), slow);
    // One toast however many lists failed, and each failed list offers a retry.
    expect(loadToasts()).toHaveLength(1);
    expect((await screen.findAllByRole('button', { name: 'Try again' }, slow)).length).toBeGreaterThan(0);
  });

  it('asks before deleting a user and offers Cancel and Delete', async () => {
    const user = { id: 'u-9', name: 'Della', email: null, role: null, createdAt: '2026-01-02T00:00:00.000Z' };
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/users': { status: 200, body: { users: [user], total: 1, limit: 100 } },
        'DELETE /api/admin/users/u-9': { status: 204 },
      },
      '/dashboard-admin?tab=users',
    );
    expect(await screen.findByText('N/A', {}, slow)).toBeTruthy();
    expect(screen.getByText('Role: No role')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(dialog.textContent).toMatch(/cannot be undone/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
  });

  it('toasts the spec’s messages when deleting a user or assigning a Seal fails', async () => {
    const user = { id: 'u-9', name: 'Della', email: 'della@example.com', role: 'maker', createdAt: '2026-01-02T00:00:00.000Z' };
    const eligible = { userId: 'maker-3', name: 'Sol Seal', avatarUrl: null, qualifyingProjects: 3, sealStatus: 'none' };
    renderAdmin(
      {
        'GET /api/admin/users': { status: 200, body: { users: [user], total: 1, limit: 100 } },
        'DELETE /api/admin/users/u-9': { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
        'GET /api/admin/seal': { status: 200, body: { eligible: [eligible], verified: [] } },
        'POST /api/admin/seal/maker-3/assign': { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
      },
      '/dashboard-admin?tab=users',
    );
    expect(await screen.findByText('Role: Maker', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting user')).toBeTruthy();
    // A fault's own words stay in the server's log.
    expect(screen.queryByText('Something went wrong')).toBeNull();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Seal' }));
    fireEvent.click(await screen.findByRole('button', { name: /Assign Seal/ }, slow));
    expect(await screen.findByText('Error assigning seal')).toBeTruthy();
  });

  it('shows the spec’s empty states for the Seal, White Glove and Contact tabs', async () => {
    renderAdmin(
      {
        'GET /api/admin/seal': { status: 200, body: { eligible: [], verified: [] } },
        'GET /api/admin/white-glove': { status: 200, body: { requests: [] } },
        'GET /api/admin/contact': { status: 200, body: { submissions: [] } },
      },
      '/dashboard-admin?tab=seal',
    );
    expect(await screen.findByText('No makers currently eligible for Seal', {}, slow)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'White Glove' }));
    expect(await screen.findByText('No white glove requests yet', {}, slow)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('No contact submissions yet', {}, slow)).toBeTruthy();
  });

  it('names a request or project without a company as Unknown Client', async () => {
    const request = {
      id: 'wg-1',
      companyName: null,
      description: 'A label for our cider',
      deliverableType: 'packaging_design',
      budget: 2500,
      status: 'pending',
      curatedCreatorIds: [],
      createdAt: '2026-03-01T10:00:00.000Z',
      dueAt: '2026-03-03T10:00:00.000Z',
      completedAt: null,
      isOverdue: true,
    };
    renderAdmin({ 'GET /api/admin/white-glove': { status: 200, body: { requests: [request] } } }, '/dashboard-admin?tab=white-glove');
    expect(await screen.findByText('Unknown Client', {}, slow)).toBeTruthy();
    expect(screen.getByText('A label for our cider')).toBeTruthy();
  });
});

/** A row of the admin's Projects tab: a flagged project in review, its client without a company. */
const flagged = {
  id: 'p-1',
  title: 'Cider label',
  deliverableType: 'packaging_design',
  status: 'in_review',
  budget: 900,
  flagged: true,
  flagReason: 'Client flagged for review',
  clientName: null,
  creatorName: 'Mara Maker',
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('the flagged projects queue', () => {
  const cancelledFlag = { ...flagged, id: 'p-2', title: 'Old poster', status: 'cancelled' };

  it('shows the flag reason, offers a decision only on open flags, and cancels with a note', async () => {
    let queue = [flagged];
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/projects?filter=all': { status: 200, body: { projects: [flagged, cancelledFlag] } },
        'GET /api/admin/projects?filter=flagged': () => ({ status: 200, body: { projects: queue } }),
        'POST /api/admin/projects/p-1/cancel': () => {
          queue = [];
          return { status: 200, body: { id: 'p-1', status: 'cancelled', flagged: true } };
        },
      },
      '/dashboard-admin?tab=projects',
    );
    expect(await screen.findByText('Old poster', {}, slow)).toBeTruthy();
    // A cancelled project keeps its flag as history, but there is nothing left to decide on it.
    expect(screen.getAllByRole('button', { name: 'Cancel project' })).toHaveLength(1);
    expect(screen.getAllByText('Client: Unknown Client · Creator: Mara Maker')).toHaveLength(2);
    // Nor is it shown as flagged: only the open flag has its badge, its reason and 'Review the work'.
    const cancelledRow = within(screen.getByText('Old poster').closest('li')!);
    expect(cancelledRow.queryByText('Flagged')).toBeNull();
    expect(cancelledRow.queryByText('Client flagged for review')).toBeNull();
    expect(cancelledRow.getByRole('button', { name: 'Details' })).toBeTruthy();
    expect(within(screen.getByText('Cider label').closest('li')!).getByText('Flagged')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Flagged for review' }));
    expect(await screen.findByText('1 flagged project awaits your decision, oldest first')).toBeTruthy();
    expect(screen.getByText('Client flagged for review')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel project' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Not what was briefed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await screen.findByText('Project cancelled')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/projects/p-1/cancel');
    // The money outcome defaults to refunding the client.
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Not what was briefed', outcome: 'refund' });
    expect(await screen.findByText('No flagged projects')).toBeTruthy();
  });

  it('cancels with a split: the radio group by keyboard, the creator’s share in dollars sent as cents, the server’s field error on the field', async () => {
    const funding = {
      provider: 'manual',
      feePercent: 10,
      milestones: [{ milestoneId: 'm-1', position: 1, title: 'Label', amountCents: 90000, status: 'funded', payment: null, releasedCents: 0, refundedCents: 0 }],
    };
    let attempts = 0;
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/projects?filter=all': { status: 200, body: { projects: [flagged] } },
        'GET /api/payments/projects/p-1': { status: 200, body: funding },
        'POST /api/admin/projects/p-1/cancel': () => {
          attempts += 1;
          return attempts === 1
            ? { status: 400, body: { error: 'validation_error', message: 'Invalid input', fields: { creatorCents: 'The creator’s share must be between $0 and the milestone’s amount.' } } }
            : { status: 200, body: { id: 'p-1', status: 'cancelled', flagged: true } };
        },
      },
      '/dashboard-admin?tab=projects',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel project' }, slow));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('$900.00 is held in escrow for milestone 1 (“Label”).')).toBeTruthy();
    const group = within(dialog).getByRole('radiogroup', { name: 'The money' });
    const refund = within(group).getByRole('radio', { name: 'Refund the client' });
    expect(refund.getAttribute('aria-checked')).toBe('true');
    refund.focus();
    fireEvent.keyDown(refund, { key: 'ArrowDown' });
    const release = within(group).getByRole('radio', { name: 'Release to the creator' });
    await waitFor(() => expect(release.getAttribute('aria-checked')).toBe('true'));
    fireEvent.keyDown(release, { key: 'ArrowDown' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Split by amount' }).getAttribute('aria-checked')).toBe('true'));
    const share = within(dialog).getByLabelText('Creator’s share (US dollars, before the fee)');
    // Not an amount of dollars and cents: said so, and nothing sent.
    fireEvent.change(share, { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 120 or 120.50')).toBeTruthy();
    expect(attempts).toBe(0);
    fireEvent.change(share, { target: { value: '540' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await within(dialog).findByText('The creator’s share must be between $0 and the milestone’s amount.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await screen.findByText('Project cancelled')).toBeTruthy();
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/admin/projects/p-1/cancel');
    expect(JSON.parse(String(calls.at(-1)?.[1]?.body))).toEqual({ outcome: 'split', creatorCents: 54000 });
  });

  it('allows an extra revision on a flagged project under way, and on nothing else', async () => {
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/projects?filter=all': { status: 200, body: { projects: [flagged, cancelledFlag] } },
        'POST /api/projects/p-1/allow-extra-revision': { status: 200, body: {} },
      },
      '/dashboard-admin?tab=projects',
    );
    expect(await screen.findByText('Old poster', {}, slow)).toBeTruthy();
    const allow = screen.getAllByRole('button', { name: 'Allow an extra revision' });
    expect(allow).toHaveLength(1);
    fireEvent.click(allow[0]);
    expect(await screen.findByText('One more revision round allowed')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/projects/p-1/allow-extra-revision' && init?.method === 'POST')).toBe(true);
  });
});

describe('cancelling a project under way', () => {
  const underWay = { ...flagged, id: 'p-3', title: 'Tea tins', status: 'active', flagged: false, flagReason: null, clientName: 'June Alder' };
  const inReview = { ...underWay, id: 'p-4', title: 'Menu card', status: 'in_review' };

  it('is offered on active work only, needs a reason, and sends it', async () => {
    let projects = [underWay, inReview];
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/projects?filter=all': () => ({ status: 200, body: { projects } }),
        'POST /api/admin/projects/p-3/cancel-active': () => {
          projects = [{ ...underWay, status: 'cancelled' }, inReview];
          return { status: 200, body: { id: 'p-3', status: 'cancelled', flagged: false } };
        },
      },
      '/dashboard-admin?tab=projects',
    );
    const row = within((await screen.findByText('Tea tins', {}, slow)).closest('li')!);
    // Work waiting for the client's review is theirs to answer, or a flag's to decide: no cancel button there.
    expect(within(screen.getByText('Menu card').closest('li')!).queryByRole('button', { name: 'Cancel project' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Cancel project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel “Tea tins”?' });
    expect(within(dialog).getByText(/Money held for work not yet approved is refunded to the client; approved milestones stay as they are\./)).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason for cancelling');
    expect(reason.getAttribute('aria-required')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await within(dialog).findByText('Please say why the project is cancelled')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/projects/p-3/cancel-active')).toBe(false);

    fireEvent.change(reason, { target: { value: 'The creator stopped answering.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await screen.findByText('Project cancelled')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/projects/p-3/cancel-active');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'The creator stopped answering.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByText('Tea tins').closest('li')!).queryByRole('button', { name: 'Cancel project' })).toBeNull());
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    renderAdmin(
      {
        'GET /api/admin/projects?filter=all': { status: 200, body: { projects: [underWay] } },
        'POST /api/admin/projects/p-3/cancel-active': {
          status: 409,
          body: { error: 'conflict', message: 'Only an active project whose current milestone is not submitted can be cancelled this way.' },
        },
      },
      '/dashboard-admin?tab=projects',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel project' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel “Tea tins”?' });
    fireEvent.change(within(dialog).getByLabelText('Reason for cancelling'), { target: { value: 'Fraud report.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel project' }));
    expect(await screen.findByText('Error cancelling project')).toBeTruthy();
    expect(await screen.findByText('Only an active project whose current milestone is not submitted can be cancelled this way.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cancel “Tea tins”?' })).toBeTruthy();
  });
});

describe('reviewing the work of a project', () => {
  const row = (overrides: Record<string, unknown>) => ({ ...flagged, clientName: 'June Alder', ...overrides });
  const detail = (overrides: Parameters<typeof projectView>[0]) =>
    projectView({
      id: 'p-1',
      title: 'Cider label',
      description: 'A label for our dry cider, in two colours.',
      status: 'in_review',
      flagged: true,
      flagReason: 'Client flagged for review',
      conversationId: 'c-1',
      creator: { id: 'maker-1', name: 'Mara Maker', role: 'maker', avatarUrl: null },
      deliverableUrl: '/files/deliverables/p-1/label.png',
      milestones: [milestoneView({ id: 'm-1', position: 1, title: 'Label', amountCents: 90000, status: 'submitted', deliverableUrl: '/files/deliverables/p-1/label.png' })],
      ...overrides,
    });

  it('opens a flagged project’s brief, milestones and deliveries on demand, with its conversation to read', async () => {
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/projects?filter=all': { status: 200, body: { projects: [row({}), row({ id: 'p-2', title: 'Old poster', status: 'completed', flagged: false, flagReason: null })] } },
        'GET /api/projects/p-1': { status: 200, body: detail({}) },
        'GET /api/projects/p-2': { status: 200, body: detail({ id: 'p-2', title: 'Old poster', status: 'completed', flagged: false, flagReason: null }) },
        'GET /api/payments/projects/p-1': { status: 200, body: { provider: 'manual', feePercent: 10, milestones: [] } },
        'GET /api/payments/projects/p-2': { status: 200, body: { provider: 'manual', feePercent: 10, milestones: [] } },
      },
      '/dashboard-admin?tab=projects',
    );
    const review = await screen.findByRole('button', { name: 'Review the work' }, slow);
    // Nothing is loaded until the admin asks.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/projects/p-1')).toBe(false);
    expect(review.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(review);
    expect(await screen.findByText('A label for our dry cider, in two colours.')).toBeTruthy();
    expect(review.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(review.getAttribute('aria-controls') ?? '')!;
    expect(region).toBeTruthy();
    expect(within(region).getByRole('listitem', { name: 'Milestone 1: Label' })).toBeTruthy();
    // A one-milestone project's delivery is linked once, as the project's deliverable (decision 201).
    expect(within(region).getByRole('link', { name: /View deliverable/ }).getAttribute('href')).toBe('/files/deliverables/p-1/label.png');
    expect(within(region).queryByRole('link', { name: /Milestone 1 delivery/ })).toBeNull();
    expect(within(region).getByRole('link', { name: 'Read the conversation' }).getAttribute('href')).toBe('/inbox/c-1');
    // The detail acts on nothing: the decisions stay the row's.
    expect(within(region).queryByRole('button', { name: /Approve|Fund/ })).toBeNull();
    fireEvent.click(review);
    expect(review.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('A label for our dry cider, in two colours.')).toBeNull();

    // An unflagged project's conversation is not the admin's to read, so it is not offered.
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByText('A label for our dry cider, in two colours.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Read the conversation' })).toBeNull();
  });
});

describe('the Create Workshop form', () => {
  it('validates with the shared schema, sends an ISO date, and resets after success', async () => {
    const { fetchMock } = renderAdmin(
      {
        'GET /api/admin/workshops': { status: 200, body: { workshops: [] } },
        'POST /api/admin/workshops': { status: 201, body: { workshop: {} } },
      },
      '/dashboard-admin?tab=workshops',
    );
    expect(await screen.findByText('No workshops created yet', {}, slow)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create Workshop' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Workshop' }));
    expect(await within(form).findByText('Title is required')).toBeTruthy();
    expect(within(form).getByText('Date & time is required')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Type clinic' } });
    fireEvent.change(within(form).getByLabelText('Date & Time'), { target: { value: '2099-05-04T18:30' } });
    expect((within(form).getByLabelText('Max Participants') as HTMLInputElement).value).toBe('50');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Workshop' }));
    expect(await screen.findByText('Workshop created!')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/admin/workshops' && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ title: 'Type clinic', maxParticipants: 50, date: new Date('2099-05-04T18:30').toISOString() });
    await waitFor(() => expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe(''));
  });
});
