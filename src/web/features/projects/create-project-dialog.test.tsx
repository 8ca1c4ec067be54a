// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../../app-providers';
import { stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { CreateProjectDialog } from './create-project-dialog';
import '../../../../test/web/jsdom-shims';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';

resetBetweenTests();

const renderDialog = (routes: FetchRoutes) => {
  const fetchMock = stubFetch({
    'GET /api/client/creator-options': { status: 200, body: { creators: [{ id: 'maker-1', name: 'Mara Maker', role: 'maker' }] } },
    ...routes,
  });
  const onOpenChange = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CreateProjectDialog open onOpenChange={onOpenChange} preselectedCreatorId={null} />
    </AppProviders>,
  );
  return { fetchMock, onOpenChange };
};

const fillAndSubmit = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Start a project' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Wordmark' } });
  fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Hand-drawn.' } });
  fireEvent.keyDown(within(dialog).getByLabelText('Deliverable type'), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: 'logo design' }));
  fireEvent.change(within(dialog).getByLabelText('Budget (USD)'), { target: { value: '850' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
  return dialog;
};

describe('CreateProjectDialog', { timeout: 15000 }, () => {
  it('checks nothing on blur, so the first tap on Create Project shows every error, then re-checks each field as it changes', async () => {
    const { fetchMock } = renderDialog({});
    const dialog = within(await screen.findByRole('dialog', { name: 'Start a project' }));
    const title = dialog.getByLabelText('Title');
    // The tap on the button blurs the focused Title first: no message may appear (and move the button) then.
    title.focus();
    // Let the blur's validation, if any, finish before looking.
    await act(async () => title.blur());
    expect(dialog.queryByText('Please enter a title')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Create Project' }));
    expect(await dialog.findByText('Please enter a title')).toBeTruthy();
    for (const message of ['Please enter a description', 'Please select a deliverable type', 'Please enter a budget']) expect(dialog.getByText(message)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/projects' && init?.method === 'POST')).toBe(false);
    fireEvent.change(title, { target: { value: 'Wordmark' } });
    await waitFor(() => expect(dialog.queryByText('Please enter a title')).toBeNull());
    expect(dialog.getByText('Please enter a description')).toBeTruthy();
  });

  it('keeps Deliverable type and Budget top-aligned, so an error under one does not move the other', async () => {
    renderDialog({});
    const dialog = within(await screen.findByRole('dialog', { name: 'Start a project' }));
    const row = dialog.getByLabelText('Budget (USD)').closest('div')!.parentElement!;
    expect(row.contains(dialog.getByLabelText('Deliverable type'))).toBe(true);
    expect(row.className.split(' ')).toContain('items-start');
  });

  it("shows 'Error creating project' when the server refuses, and keeps the form open", async () => {
    const { fetchMock, onOpenChange } = renderDialog({
      'POST /api/projects': { status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side.' } },
    });
    await fillAndSubmit();
    expect(await screen.findByText('Error creating project')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/projects' && init?.method === 'POST')).toBe(true);
    expect(screen.queryByText('Project created successfully!')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Wordmark');
  });

  it('puts a field error from the server under its field instead of the toast', async () => {
    renderDialog({
      'POST /api/projects': {
        status: 400,
        body: { error: 'bad_request', message: 'Please choose an approved creator', fields: { creatorId: 'Please choose an approved creator' } },
      },
    });
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByText('Please choose an approved creator')).toBeTruthy();
    expect(screen.queryByText('Error creating project')).toBeNull();
  });
});
