// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProjectFileReviewItem } from '../../../domain/admin-schemas';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The page is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const admin = signedInAs(makeUser({ role: 'admin', name: 'Ada Admin' }));
const stats = { status: 200, body: { stats: { totalUsers: 1, pendingApplications: 0, totalProjects: 1, sealEligible: 0 } } };
const file: ProjectFileReviewItem = {
  entryId: 'entry-1',
  projectId: 'project-1',
  projectTitle: 'Harbour poster',
  kind: 'deliverable',
  fileUrl: '/files/deliverables/m/p/deliverable.jpg?v=1',
  createdAt: '2026-03-01T10:00:00.000Z',
  uploader: { id: 'maker-1', name: 'Mara Maker' },
  contentCredentials: null,
};

const renderProvenance = (routes: FetchRoutes) => {
  const fetchMock = stubFetch({
    'GET /api/account/me': admin,
    'GET /api/admin/overview': stats,
    'GET /api/admin/provenance': { status: 200, body: { items: [] } },
    ...routes,
  });
  return { fetchMock, ...renderApp('/dashboard-admin?tab=provenance') };
};

describe('Provenance review of project files', () => {
  it('approves a held file, or removes it with the reason typed in the dialog', async () => {
    let items = [file, { ...file, entryId: 'entry-2', kind: 'process_doc' as const, projectTitle: 'Shop sign' }];
    const { fetchMock } = renderProvenance({
      'GET /api/admin/provenance/project-files': () => ({ status: 200, body: { items } }),
      'POST /api/admin/provenance/project-files/entry-1/remove': () => {
        items = items.filter((item) => item.entryId !== 'entry-1');
        return { status: 200, body: { ok: true } };
      },
      'POST /api/admin/provenance/project-files/entry-2/clear': () => {
        items = items.filter((item) => item.entryId !== 'entry-2');
        return { status: 200, body: { ok: true } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Project files held for review' }, slow);
    const deliverable = within(list).getByText(/Deliverable · Harbour poster/).closest('li')!;
    fireEvent.click(within(deliverable).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/goes back to the creator to submit their own work/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Made with an image model' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove file' }));
    expect(await screen.findByText('File removed')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/provenance/project-files/entry-1/remove');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Made with an image model' });

    await vi.waitFor(() => expect(within(list).queryByText(/Harbour poster/)).toBeNull(), slow);
    fireEvent.click(within(list).getByRole('button', { name: /^Approve.*Shop sign/ }));
    expect(await screen.findByText('File approved')).toBeTruthy();
    expect(await screen.findByText('No project files waiting')).toBeTruthy();
  });
});
