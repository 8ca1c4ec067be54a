// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../../domain/project-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, stubFetch } from '../../../../test/web/render-app';
import { SignedInUserContext } from '../auth/signed-in-user';
import { CreatorProjectsTab } from './creator-projects-tab';
import '../../../../test/web/jsdom-shims';
import { milestoneView, projectView } from '../../../../test/web/project-fixtures';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { MemoryRouter } from 'react-router';

resetBetweenTests();

const maker = makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' });

const project = (overrides: Partial<ProjectView>): ProjectView =>
  projectView({ creator: { id: maker.id, name: maker.name, role: 'maker', avatarUrl: null }, ...overrides });

const renderTab = (path = '/dashboard-maker?tab=projects') =>
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
      <SignedInUserContext value={maker}>
        <CreatorProjectsTab role="maker" />
      </SignedInUserContext>
      </MemoryRouter>
    </AppProviders>,
  );

const cardOf = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('li')!);

describe('CreatorProjectsTab', { timeout: 15000 }, () => {
  it('shows each project with only the actions the lifecycle allows the assigned creator', async () => {
    stubFetch({
      'GET /api/projects': {
        status: 200,
        body: {
          projects: [
            project({ id: 'd', title: 'Draft one' }),
            project({ id: 'a', title: 'Active one', status: 'active' }),
            project({ id: 'r', title: 'In review', status: 'in_review', deliverableUrl: '/files/deliverables/maker-1/r/deliverable.png' }),
            project({ id: 'u', title: 'Rounds used', status: 'in_review', revisions: { included: 2, used: 2, extra: 0, left: 0 } }),
            project({ id: 'c', title: 'Done', status: 'completed' }),
          ],
        },
      },
      // The completed project's reviews: its window closed with none written, so nothing is left to do on it.
      'GET /api/reviews/projects/c': {
        status: 200,
        body: { projectId: 'c', status: 'closed', closesAt: '2026-01-15T10:00:00.000Z', side: 'creator', otherName: 'June Alder', mine: null, theirs: null },
      },
    });
    renderTab();
    const buttons = async (title: string) => (await cardOf(title)).queryAllByRole('button').map((button) => button.textContent);
    expect(await buttons('Draft one')).toEqual(['Accept Project', 'Send an Offer', 'Decline Project']);
    // An extra revision is for when the client has no rounds left (decision 186): with rounds left it is not offered.
    expect(await buttons('Active one')).toEqual(['Submit Deliverable', 'Add Process Doc', 'Withdraw from Project']);
    expect(await buttons('In review')).toEqual([]);
    expect(await buttons('Rounds used')).toEqual(['Allow an Extra Revision']);
    expect(await buttons('Done')).toEqual([]);
    expect((await cardOf('Active one')).getByText('Add 3 to 4 screenshots of your process: sketches, drafts, work in progress.')).toBeTruthy();
    expect((await cardOf('Draft one')).getByText('Client: June Alder · Juniper Bakery')).toBeTruthy();
    expect((await cardOf('In review')).getByRole('link', { name: /View deliverable/ }).getAttribute('href')).toBe('/files/deliverables/maker-1/r/deliverable.png');
  });

  it('accepts a draft, shows the success toast and reloads the list', async () => {
    let accepted = false;
    const fetchMock = stubFetch({
      'GET /api/projects': () => ({ status: 200, body: { projects: [project({ status: accepted ? 'active' : 'draft' })] } }),
      'POST /api/projects/p-1/accept': () => {
        accepted = true;
        return { status: 200, body: project({ status: 'active' }) };
      },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Project' }));
    expect(await screen.findByText('Project accepted!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Submit Deliverable' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/projects').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the spec's failure toast with the server's reason", async () => {
    stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({})] } },
      'POST /api/projects/p-1/accept': { status: 409, body: { error: 'conflict', message: 'Only a draft project can be accepted.' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Project' }));
    expect(await screen.findByText('Error accepting project')).toBeTruthy();
    expect(await screen.findByText('Only a draft project can be accepted.')).toBeTruthy();
  });

  it("shows 'Error declining project' when the decline fails, and keeps the draft", async () => {
    stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({})] } },
      'POST /api/projects/p-1/decline': { status: 409, body: { error: 'conflict', message: 'Only a draft project can be declined.' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Project' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Decline this project?' })).getByRole('button', { name: 'Decline Project' }));
    expect(await screen.findByText('Error declining project')).toBeTruthy();
    expect(await screen.findByText('Only a draft project can be declined.')).toBeTruthy();
    expect(screen.queryByText('Project declined')).toBeNull();
    expect((await cardOf('Wordmark')).getByRole('button', { name: 'Accept Project' })).toBeTruthy();
  });

  it("shows 'Error uploading deliverable' when the upload fails", async () => {
    const fetchMock = stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } },
      'POST /api/projects/p-1/deliverable': { status: 500, body: { error: 'internal_error', message: 'Something went wrong on our side.' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Deliverable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your deliverable' });
    fireEvent.change(within(dialog).getByLabelText('Deliverable file'), { target: { files: [new File(['png'], 'final.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText('Error uploading deliverable')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/projects/p-1/deliverable')).toBe(true);
    expect(screen.queryByText('Deliverable submitted for review!')).toBeNull();
    // The dialog stays open with the chosen file, so the creator can try again.
    expect(screen.getByRole('dialog', { name: 'Submit your deliverable' })).toBeTruthy();
  });

  it("shows 'Error uploading process doc' when the upload fails", async () => {
    stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } },
      'POST /api/projects/p-1/process-docs': { status: 409, body: { error: 'conflict', message: 'Process docs can only be added while the project is active.' } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Process Doc' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a process doc' });
    fireEvent.change(within(dialog).getByLabelText('Process screenshot'), { target: { files: [new File(['png'], 'sketch.png', { type: 'image/png' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Process Doc' }));
    expect(await screen.findByText('Error uploading process doc')).toBeTruthy();
    expect(await screen.findByText('Process docs can only be added while the project is active.')).toBeTruthy();
    expect(screen.queryByText('Process doc uploaded!')).toBeNull();
  });

  it('asks before declining, then declines', async () => {
    const fetchMock = stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({})] } },
      'POST /api/projects/p-1/decline': { status: 200, body: project({ status: 'cancelled', creator: null }) },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this project?' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/projects/p-1/decline')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline Project' }));
    expect(await screen.findByText('Project declined')).toBeTruthy();
  });

  it('requires a file for the deliverable and refuses one over 20 MB before uploading', async () => {
    const fetchMock = stubFetch({ 'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } } });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Deliverable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your deliverable' });
    const submit = within(dialog).getByRole('button', { name: 'Submit for Review' });
    submit.focus();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Please upload your deliverable')).toBeTruthy();
    // The refusal takes the focus to the file field, where the keyboard can act on it.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Deliverable file'));
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    fireEvent.change(within(dialog).getByLabelText('Deliverable file'), { target: { files: [big] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findByText('File size must be less than 20MB')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/deliverable'))).toBe(false);
  });

  it('clears the file error as soon as another file is chosen', async () => {
    const refused = 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image, or a PDF.';
    stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } },
      'POST /api/projects/p-1/deliverable': { status: 400, body: { error: 'validation_error', message: refused, fields: { file: refused } } },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Deliverable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your deliverable' });
    const input = within(dialog).getByLabelText('Deliverable file');
    fireEvent.change(input, { target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit for Review' }));
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { files: [new File(['png'], 'final.png', { type: 'image/png' })] } });
    expect(within(dialog).queryByText(refused)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('uploads a process doc with its description as multipart', async () => {
    const fetchMock = stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } },
      'POST /api/projects/p-1/process-docs': { status: 201, body: project({ status: 'active' }) },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Process Doc' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a process doc' });
    fireEvent.change(within(dialog).getByLabelText('Process screenshot'), { target: { files: [new File(['png'], 'sketch.png', { type: 'image/png' })] } });
    fireEvent.change(within(dialog).getByLabelText('What does it show? (optional)'), { target: { value: 'Roughs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload Process Doc' }));
    expect(await screen.findByText('Process doc uploaded!')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/projects/p-1/process-docs');
    const body = call?.[1]?.body as FormData;
    expect(body.get('description')).toBe('Roughs');
    expect((body.get('file') as File).name).toBe('sketch.png');
  });

  it('withdraws from a project under way: asks why, says what happens to the money, and sends the reason', async () => {
    let withdrawn = false;
    const underWay = () =>
      project({
        status: withdrawn ? 'cancelled' : 'active',
        milestones: [
          milestoneView({ status: 'approved', approvedAt: '2030-01-09T10:00:00.000Z', funding: 'released' }),
          milestoneView({ position: 2, title: 'The three tins', amountCents: 45000, status: 'active', funding: 'funded' }),
        ],
      });
    const fetchMock = stubFetch({
      'GET /api/projects': () => ({ status: 200, body: { projects: [underWay()] } }),
      'POST /api/projects/p-1/withdraw': () => {
        withdrawn = true;
        return { status: 200, body: underWay() };
      },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw from Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this project?' });
    expect(
      within(dialog).getByText(
        '“Wordmark” will be cancelled and June Alder told your reason. The $450 held for milestone 2 (“The three tins”) goes back to June Alder. What was approved stays yours. This cannot be undone.',
      ),
    ).toBeTruthy();
    // A reason is required, checked before anything is sent, and the message is tied to the field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const field = within(dialog).getByLabelText('Why are you withdrawing?');
    expect(await within(dialog).findByText('Please say why')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/projects/p-1/withdraw')).toBe(false);

    fireEvent.change(field, { target: { value: 'A family emergency.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You withdrew from the project')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/projects/p-1/withdraw');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ note: 'A family emergency.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw from Project' })).toBeNull();
  });

  it("shows 'Error withdrawing from project' with the server's reason, and keeps the dialog open", async () => {
    stubFetch({
      'GET /api/projects': { status: 200, body: { projects: [project({ status: 'active' })] } },
      'POST /api/projects/p-1/withdraw': {
        status: 409,
        body: { error: 'conflict', message: 'You can withdraw only while the project is active and its current milestone is not submitted.' },
      },
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw from Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this project?' });
    fireEvent.change(within(dialog).getByLabelText('Why are you withdrawing?'), { target: { value: 'Too busy.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Error withdrawing from project')).toBeTruthy();
    expect(await screen.findByText('You can withdraw only while the project is active and its current milestone is not submitted.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Withdraw from this project?' })).toBeTruthy();
  });

  it('shows the empty state when there are no projects', async () => {
    stubFetch({ 'GET /api/projects': { status: 200, body: { projects: [] } } });
    renderTab();
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    // A brief is answered with an offer too (decision 151), not only accepted or declined.
    expect(screen.getByText(/their brief appears here for you to accept, answer with an offer, or decline\./)).toBeTruthy();
  });

  it('brings the project a link names (?project=) into view, marks its card and moves focus to its title', async () => {
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrolled);
    stubFetch({
      'GET /api/projects': {
        status: 200,
        body: { projects: [project({ id: 'p-1', title: 'First brief' }), project({ id: 'p-2', title: 'Second brief', status: 'active' })] },
      },
    });
    renderTab('/dashboard-maker?tab=projects&project=p-2');
    const title = await screen.findByRole('heading', { name: 'Second brief' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(title.closest('li')!.className).toContain('ring-2');
    expect(screen.getByRole('heading', { name: 'First brief' }).closest('li')!.className).not.toContain('ring-2');
  });

  it('leaves the page as it is for a project that is not in the list', async () => {
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrolled);
    stubFetch({ 'GET /api/projects': { status: 200, body: { projects: [project({ id: 'p-1', title: 'First brief' })] } } });
    renderTab('/dashboard-maker?tab=projects&project=someone-elses');
    await screen.findByRole('heading', { name: 'First brief' });
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
