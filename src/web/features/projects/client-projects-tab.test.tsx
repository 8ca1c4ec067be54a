// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../../domain/project-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { SignedInUserContext } from '../auth/signed-in-user';
import { ClientProjectsTab } from './client-projects-tab';
import '../../../../test/web/jsdom-shims';
import { projectView as project } from '../../../../test/web/project-fixtures';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { MemoryRouter } from 'react-router';

resetBetweenTests();

const client = makeUser({ id: 'client-1', role: 'client', name: 'June Alder' });

const inReview = (overrides: Partial<ProjectView> = {}) =>
  project({
    status: 'in_review',
    creator: { id: 'maker-1', name: 'Mara Maker', role: 'maker', avatarUrl: null },
    deliverableUrl: '/files/deliverables/maker-1/p-1/deliverable.png',
    ...overrides,
  });

const creatorOptions = {
  status: 200,
  body: { creators: [{ id: 'maker-1', name: 'Mara Maker', role: 'maker' }, { id: 'mind-1', name: 'Theo Lantern', role: 'mind' }] },
};

const renderTab = (routes: FetchRoutes, onHireAgain?: (creatorId: string) => void) => {
  const fetchMock = stubFetch({ 'GET /api/client/creator-options': creatorOptions, ...routes });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
      <SignedInUserContext value={client}>
        <ClientProjectsTab onCreateProject={() => {}} onHireAgain={onHireAgain} />
      </SignedInUserContext>
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
};

const cardOf = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('li')!);
const posted = (fetchMock: ReturnType<typeof stubFetch>, url: string) => fetchMock.mock.calls.filter(([called, init]) => called === url && init?.method === 'POST');

describe('ClientProjectsTab', { timeout: 15000 }, () => {
  it('offers Assign Creator and Cancel Project on an unassigned draft, and only review actions on work in review', async () => {
    renderTab({
      'GET /api/projects': { status: 200, body: { projects: [project({}), inReview({ id: 'r', title: 'Menu' })] } },
    });
    const buttons = async (title: string) => (await cardOf(title)).queryAllByRole('button').map((button) => button.textContent);
    expect(await buttons('Wordmark')).toEqual(['Assign Creator', 'Cancel Project']);
    expect(await buttons('Menu')).toEqual(['Approve Work', 'Ask for a Revision', 'Flag Work']);
    expect((await cardOf('Wordmark')).getByText('No creator assigned yet')).toBeTruthy();
  });

  it('offers to hire the creator of a completed project again, and only there', async () => {
    const onHireAgain = vi.fn();
    renderTab(
      {
        'GET /api/projects': {
          status: 200,
          body: { projects: [inReview({ id: 'done', title: 'Menu', status: 'completed', completedAt: '2026-02-01T00:00:00.000Z' }), inReview({ id: 'r', title: 'Sign' })] },
        },
      },
      onHireAgain,
    );
    fireEvent.click((await cardOf('Menu')).getByRole('button', { name: 'Hire Mara Maker again' }));
    expect(onHireAgain).toHaveBeenCalledWith('maker-1');
    expect((await cardOf('Sign')).queryByRole('button', { name: /again/ })).toBeNull();
  });

  it('assigns a creator chosen in the dialog, then shows them on the card', async () => {
    let assigned: string | null = null;
    const creatorOf = (): ProjectView['creator'] => (assigned ? { id: assigned, name: 'Theo Lantern', role: 'mind', avatarUrl: null } : null);
    const fetchMock = renderTab({
      'GET /api/projects': () => ({ status: 200, body: { projects: [project({ creator: creatorOf() })] } }),
      'POST /api/projects/p-1/assign': (init) => {
        assigned = (JSON.parse(String(init?.body)) as { creatorId: string }).creatorId;
        return { status: 200, body: project({ creator: creatorOf() }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a creator' });
    expect(within(dialog).getByText(/Choose who you would like to make “Wordmark”/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Creator' }));
    expect(await within(dialog).findByText('Please choose a creator')).toBeTruthy();
    expect(posted(fetchMock, '/api/projects/p-1/assign')).toHaveLength(0);

    const select = within(dialog).getByLabelText('Creator');
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Theo Lantern · Mind' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Creator' }));

    expect(await screen.findByText('Creator assigned to your project')).toBeTruthy();
    expect(JSON.parse(String(posted(fetchMock, '/api/projects/p-1/assign')[0][1]?.body))).toEqual({ creatorId: 'mind-1' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign a creator' })).toBeNull());
    expect(await (await cardOf('Wordmark')).findByText('Creator: Theo Lantern (Mind)')).toBeTruthy();
    await waitFor(async () => expect((await cardOf('Wordmark')).queryByRole('button', { name: 'Assign Creator' })).toBeNull());
  });

  it("shows the server's field error when the chosen creator can no longer be hired", async () => {
    renderTab({
      'GET /api/projects': { status: 200, body: { projects: [project({})] } },
      'POST /api/projects/p-1/assign': {
        status: 400,
        body: { error: 'bad_request', message: 'Please choose an approved creator', fields: { creatorId: 'Please choose an approved creator' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Creator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a creator' });
    const select = within(dialog).getByLabelText('Creator');
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Mara Maker · Maker' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign Creator' }));
    expect(await within(dialog).findByText('Please choose an approved creator')).toBeTruthy();
    expect(screen.queryByText('Creator assigned to your project')).toBeNull();
  });

  it('asks before cancelling a draft; "Keep as is" sends nothing, confirming cancels it', async () => {
    let cancelled = false;
    const fetchMock = renderTab({
      'GET /api/projects': () => ({ status: 200, body: { projects: [project({ status: cancelled ? 'cancelled' : 'draft' })] } }),
      'POST /api/projects/p-1/cancel': () => {
        cancelled = true;
        return { status: 200, body: project({ status: 'cancelled' }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Project' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this project?' });
    expect(within(dialog).getByText('The draft “Wordmark” will be cancelled.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep as is' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, '/api/projects/p-1/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Project' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this project?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Project' }));
    expect(await screen.findByText('Project cancelled')).toBeTruthy();
    expect(posted(fetchMock, '/api/projects/p-1/cancel')).toHaveLength(1);
    const card = await cardOf('Wordmark');
    expect(await card.findByText('Cancelled')).toBeTruthy();
    await waitFor(() => expect(card.queryAllByRole('button')).toHaveLength(0));
  });

  it("shows 'Error approving project' when the approval fails", async () => {
    renderTab({
      'GET /api/projects': { status: 200, body: { projects: [inReview()] } },
      'POST /api/projects/p-1/approve': { status: 409, body: { error: 'conflict', message: 'Only work in review that is not flagged can be approved.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Work' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Approve this work?' })).getByRole('button', { name: 'Approve Work' }));
    expect(await screen.findByText('Error approving project')).toBeTruthy();
    expect(await screen.findByText('Only work in review that is not flagged can be approved.')).toBeTruthy();
    expect(screen.queryByText('Project completed!')).toBeNull();
  });

  it("shows 'Error flagging work' when flagging fails", async () => {
    renderTab({
      'GET /api/projects': { status: 200, body: { projects: [inReview()] } },
      'POST /api/projects/p-1/flag': { status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Flag Work' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Flag this work for review?' })).getByRole('button', { name: 'Flag Work' }));
    expect(await screen.findByText('Error flagging work')).toBeTruthy();
    expect(screen.queryByText('Work flagged for admin review')).toBeNull();
  });
});
