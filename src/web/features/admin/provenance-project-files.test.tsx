// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ProjectFileReviewItem } from '../../../domain/admin-schemas';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';

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

  it('keeps a keyboard user\'s place: focus moves to the next held file, then to the heading when none is left', async () => {
    let items = [file, { ...file, entryId: 'entry-2', kind: 'process_doc' as const, projectTitle: 'Shop sign' }];
    const clear = (entryId: string) => () => {
      items = items.filter((item) => item.entryId !== entryId);
      return { status: 200, body: { ok: true } };
    };
    renderProvenance({
      'GET /api/admin/provenance/project-files': () => ({ status: 200, body: { items } }),
      'POST /api/admin/provenance/project-files/entry-1/clear': clear('entry-1'),
      'POST /api/admin/provenance/project-files/entry-2/remove': clear('entry-2'),
    });
    const list = await screen.findByRole('list', { name: 'Project files held for review' }, slow);
    const approve = within(list).getByRole('button', { name: /^Approve.*Harbour poster/ });
    approve.focus();
    fireEvent.click(approve);
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Process doc · Shop sign'), slow);

    const remove = within(list).getByRole('button', { name: /^Remove.*Shop sign/ });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove file' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Project files' })), slow);
  });

  it('moves focus from a cleared image to the next held image, then to the tab\'s heading', async () => {
    const image = (id: string, title: string) => ({
      id,
      title,
      imageUrl: `/files/portfolio-items/m/${id}.png`,
      createdAt: '2026-03-01T10:00:00.000Z',
      maker: { id: 'maker-1', name: 'Mara Maker' },
      reason: 'ai_declared' as const,
      match: null,
      contentCredentials: null,
    });
    let images = [image('item-1', 'Dreamt harbour'), image('item-2', 'Dreamt shore')];
    const decide = (id: string) => () => {
      images = images.filter((item) => item.id !== id);
      return { status: 200, body: { ok: true } };
    };
    renderProvenance({
      'GET /api/admin/provenance': () => ({ status: 200, body: { items: images } }),
      'GET /api/admin/provenance/project-files': { status: 200, body: { items: [] } },
      'POST /api/admin/provenance/item-1/approve': decide('item-1'),
      'POST /api/admin/provenance/item-2/remove': decide('item-2'),
    });
    const list = await screen.findByRole('list', { name: 'Images held for review' }, slow);
    const clearButton = within(list).getByRole('button', { name: /^Clear image.*Dreamt harbour/ });
    clearButton.focus();
    fireEvent.click(clearButton);
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Dreamt shore'), slow);

    fireEvent.click(within(list).getByRole('button', { name: /^Remove image.*Dreamt shore/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove image' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Provenance review' })), slow);
  });
});
