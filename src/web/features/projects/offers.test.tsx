// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../../domain/project-schemas';
import type { SessionUser } from '../../../domain/api-types';
import { AppProviders } from '../../app-providers';
import { makeUser, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { SignedInUserContext } from '../auth/signed-in-user';
import { ClientProjectsTab } from './client-projects-tab';
import { CreatorProjectsTab } from './creator-projects-tab';
import { offerSum } from './offer-form';
import '../../../../test/web/jsdom-shims';
import { milestoneView, offerView, projectView } from '../../../../test/web/project-fixtures';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { MemoryRouter } from 'react-router';

resetBetweenTests();

const maker = makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' });
const client = makeUser({ id: 'client-1', role: 'client', name: 'June Alder' });
const assigned = (overrides: Partial<ProjectView> = {}) => projectView({ creator: { id: maker.id, name: maker.name, role: 'maker', avatarUrl: null }, ...overrides });

const renderAs = (user: SessionUser, routes: FetchRoutes) => {
  const fetchMock = stubFetch({ 'GET /api/client/creator-options': { status: 200, body: { creators: [] } }, ...routes });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
      <SignedInUserContext value={user}>{user.role === 'client' ? <ClientProjectsTab onCreateProject={() => {}} /> : <CreatorProjectsTab role="maker" />}</SignedInUserContext>
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
};

const cardOf = async (title: string) => within((await screen.findByRole('heading', { name: title })).closest('li')!);
const buttonsOf = async (title: string) => (await cardOf(title)).queryAllByRole('button').map((button) => button.textContent);
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, url: string) => {
  const call = fetchMock.mock.calls.find(([called, init]) => called === url && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('offerSum', () => {
  it('adds the milestone amounts in cents and balances only against a whole-dollar price', () => {
    expect(offerSum({ price: 900, milestones: [{ title: '', amount: 300.1, dueDate: '' }, { title: '', amount: 599.9, dueDate: '' }] })).toEqual({
      sumCents: 90000,
      priceCents: 90000,
      isBalanced: true,
    });
    expect(offerSum({ price: 900, milestones: [{ title: '', amount: 300, dueDate: '' }, { title: '', amount: Number.NaN, dueDate: '' }] })).toEqual({
      sumCents: 30000,
      priceCents: 90000,
      isBalanced: false,
    });
    expect(offerSum({ price: 10.5, milestones: [{ title: '', amount: 10.5, dueDate: '' }] }).isBalanced).toBe(false);
  });
});

describe('the offer dialog', { timeout: 20000 }, () => {
  it('checks the sum live, refuses an offer that does not add up, then sends the milestones in cents', async () => {
    const fetchMock = renderAs(maker, {
      'GET /api/projects': { status: 200, body: { projects: [assigned()] } },
      'POST /api/projects/p-1/offers': { status: 201, body: assigned({ offers: [offerView()] }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send an Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send an offer' }));
    // Starts from the client's budget, as one milestone.
    expect((dialog.getByLabelText('Price (whole dollars)') as HTMLInputElement).value).toBe('850');
    expect(dialog.getByText(/Adds up to/).textContent).toBe('Adds up to $850 of $850');

    fireEvent.change(dialog.getByLabelText('Price (whole dollars)'), { target: { value: '900' } });
    fireEvent.change(dialog.getByLabelText('Milestone 1 title'), { target: { value: 'Label system' } });
    fireEvent.change(dialog.getByLabelText('Due date'), { target: { value: '2030-01-10' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add a milestone' }));
    fireEvent.change(dialog.getByLabelText('Milestone 2 title'), { target: { value: 'Tins' } });
    fireEvent.change(dialog.getAllByLabelText('Amount ($)')[1], { target: { value: '49.99' } });
    fireEvent.change(dialog.getAllByLabelText('Due date')[1], { target: { value: '2030-01-20' } });
    await waitFor(() => expect(dialog.getByText(/Adds up to/).textContent).toBe('Adds up to $899.99 of $900 · $0.01 left to assign'));

    const send = dialog.getByRole('button', { name: 'Send Offer' });
    send.focus();
    fireEvent.click(send);
    expect(await dialog.findByText('The milestone amounts must add up to the price')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers')).toBeUndefined();
    // The sum is no one field's: the focus goes to the last amount, and every amount is described by the message.
    const amounts = dialog.getAllByLabelText('Amount ($)');
    await waitFor(() => expect(document.activeElement).toBe(amounts[1]));
    for (const amount of amounts) expect(amount.getAttribute('aria-describedby')).toContain(dialog.getByText('The milestone amounts must add up to the price').id);

    fireEvent.change(dialog.getAllByLabelText('Amount ($)')[0], { target: { value: '850.01' } });
    await waitFor(() => expect(dialog.getByText(/Adds up to/).textContent).toBe('Adds up to $900 of $900'));
    expect(dialog.queryByText('The milestone amounts must add up to the price')).toBeNull();
    fireEvent.click(dialog.getByRole('radio', { name: '3' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Offer sent to the client')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers')).toEqual({
      price: 900,
      milestones: [
        { title: 'Label system', amountCents: 85001, dueDate: '2030-01-10' },
        { title: 'Tins', amountCents: 4999, dueDate: '2030-01-20' },
      ],
      revisionRounds: 3,
      note: '',
    });
  });

  it('validates on submit only, then as they type: an empty date is asked for, a third decimal refused, not rounded', async () => {
    const fetchMock = renderAs(maker, {
      'GET /api/projects': { status: 200, body: { projects: [assigned()] } },
      'POST /api/projects/p-1/offers': { status: 201, body: assigned({ offers: [offerView()] }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send an Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send an offer' }));
    const amount = dialog.getByLabelText('Amount ($)');
    // Nothing is checked on blur, so no message can move the button before a tap lands on it.
    dialog.getByLabelText('Milestone 1 title').focus();
    amount.focus();
    fireEvent.change(amount, { target: { value: '600.555' } });
    // Let the blur's validation, if any, finish before looking.
    await act(async () => amount.blur());
    expect(dialog.queryByText('Please give this milestone a title')).toBeNull();
    expect(dialog.queryByText('Enter an amount in dollars, like 120 or 120.50')).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Send Offer' }));
    expect(await dialog.findByText('Please give this milestone a title')).toBeTruthy();
    expect(dialog.getByText('Please choose a due date')).toBeTruthy();
    expect(dialog.queryByText('The due date cannot be in the past')).toBeNull();
    expect(dialog.getByText('Enter an amount in dollars, like 120 or 120.50')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers')).toBeUndefined();

    // A row added after the try opens clean, with the focus on its title; its fields are checked as they change.
    fireEvent.click(dialog.getByRole('button', { name: 'Add a milestone' }));
    const secondTitle = await dialog.findByLabelText('Milestone 2 title');
    await waitFor(() => expect(document.activeElement).toBe(secondTitle));
    await act(async () => {});
    expect(dialog.getAllByText('Please give this milestone a title')).toHaveLength(1);
    expect(dialog.getAllByText('Please choose a due date')).toHaveLength(1);
    expect(secondTitle.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(dialog.getAllByLabelText('Amount ($)')[1], { target: { value: '0' } });
    expect(await dialog.findByText('Each milestone needs an amount of at least $0.01')).toBeTruthy();
    expect(dialog.getAllByText('Please give this milestone a title')).toHaveLength(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove milestone 2' }));
    await waitFor(() => expect(dialog.queryByLabelText('Milestone 2 title')).toBeNull());

    // After a try, each field is checked again as it changes.
    fireEvent.change(amount, { target: { value: '' } });
    expect(await dialog.findByText('Please enter an amount for this milestone')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    expect(await dialog.findByText('Each milestone needs an amount of at least $0.01')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '850' } });
    await waitFor(() => expect(dialog.queryByText('Each milestone needs an amount of at least $0.01')).toBeNull());
    fireEvent.change(dialog.getByLabelText('Milestone 1 title'), { target: { value: 'Everything' } });
    await waitFor(() => expect(dialog.queryByText('Please give this milestone a title')).toBeNull());
    fireEvent.change(dialog.getByLabelText('Due date'), { target: { value: '2030-01-10' } });
    await waitFor(() => expect(dialog.queryByText('Please choose a due date')).toBeNull());
    fireEvent.click(dialog.getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Offer sent to the client')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers').milestones).toEqual([{ title: 'Everything', amountCents: 85000, dueDate: '2030-01-10' }]);
  });

  it('names each milestone row as a group, and after a removal puts the focus on the row that took its place', async () => {
    renderAs(maker, { 'GET /api/projects': { status: 200, body: { projects: [assigned()] } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send an Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send an offer' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add a milestone' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add a milestone' }));
    fireEvent.change(dialog.getByLabelText('Milestone 3 title'), { target: { value: 'Print files' } });
    // "Amount ($)" and "Due date" are read inside their row's name.
    expect(within(dialog.getByRole('group', { name: 'Milestone 2' })).getByLabelText('Amount ($)')).toBeTruthy();

    // The removed button is gone: the focus goes to the title of the row now in its place, not back to the dialog.
    const remove2 = dialog.getByRole('button', { name: 'Remove milestone 2' });
    remove2.focus();
    fireEvent.click(remove2);
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText('Milestone 2 title')));
    expect((document.activeElement as HTMLInputElement).value).toBe('Print files');
    // Removing the last row moves the focus to the one above it.
    fireEvent.click(dialog.getByRole('button', { name: 'Remove milestone 2' }));
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText('Milestone 1 title')));
    expect(dialog.queryAllByRole('group', { name: /^Milestone \d+$/ })).toHaveLength(1);
  });

  it('keeps the fields of a milestone row top-aligned, so one field’s error does not move the others', async () => {
    renderAs(maker, { 'GET /api/projects': { status: 200, body: { projects: [assigned()] } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send an Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send an offer' }));
    const row = dialog.getByLabelText('Amount ($)').closest('div')!.parentElement!;
    expect(row.contains(dialog.getByLabelText('Due date'))).toBe(true);
    expect(row.contains(dialog.getByLabelText('Milestone 1 title'))).toBe(true);
    expect(row.className.split(' ')).toContain('items-start');
    // On a phone the fields stack, full width, so an amount like 450.50 is never clipped.
    expect(row.className.split(' ')).toContain('grid-cols-1');
    expect(row.className).not.toMatch(/(^| )grid-cols-\[6rem/);
  });

  it("shows the server's field messages under the fields they name", async () => {
    renderAs(maker, {
      'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: [offerView({ status: 'changes_requested', responseNote: 'Two rounds, please.' })] })] } },
      'POST /api/projects/p-1/offers': {
        status: 400,
        body: { error: 'validation_error', message: 'The due date cannot be in the past', fields: { 'milestones.1.dueDate': 'The due date cannot be in the past' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a New Version' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send version 2 of your offer' }));
    // What the client asked for is in the dialog that answers it.
    expect(dialog.getByText('Two rounds, please.')).toBeTruthy();
    expect(dialog.getByText(/asked for changes to version 1:/)).toBeTruthy();
    // A new version starts from the latest one.
    expect((dialog.getByLabelText('Milestone 3 title') as HTMLInputElement).value).toBe('Gift box');
    fireEvent.click(dialog.getByRole('button', { name: 'Send Offer' }));
    const dueDate = dialog.getAllByLabelText('Due date')[1];
    await waitFor(() => expect(dueDate.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText('The due date cannot be in the past')).toBeTruthy();
  });
});

describe('what each side sees of the offers', { timeout: 20000 }, () => {
  const history = [offerView({ id: 'o2', version: 2, revisionRounds: 3 }), offerView({ status: 'changes_requested', responseNote: 'Could we have three rounds?' })];

  it('the creator sees every version with the client’s note, and may send a new one, not answer', async () => {
    renderAs(maker, { 'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: history })] } } });
    const card = await cardOf('Wordmark');
    const versions = card.getAllByRole('listitem', { name: /^Offer version/ });
    expect(versions.map((version) => version.getAttribute('aria-label'))).toEqual(['Offer version 2', 'Offer version 1']);
    expect(within(versions[0]).getByText('Waiting for the client')).toBeTruthy();
    expect(within(versions[0]).getByText(/3 revision rounds/)).toBeTruthy();
    expect(within(versions[1]).getByText('Changes requested')).toBeTruthy();
    expect(within(versions[1]).getByText('Could we have three rounds?')).toBeTruthy();
    expect(within(versions[1]).getByText('Gift box')).toBeTruthy();
    // Plain Accept would replace the offer that waits for the client with one milestone, so it is not offered.
    expect(await buttonsOf('Wordmark')).toEqual(['Send a New Version', 'Decline Project']);
  });

  it('the creator may accept the brief as it stands again once the client has answered the latest version', async () => {
    renderAs(maker, { 'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: [offerView({ status: 'changes_requested', responseNote: 'Cheaper?' })] })] } } });
    expect(await buttonsOf('Wordmark')).toEqual(['Accept Project', 'Send a New Version', 'Decline Project']);
  });

  it('the client answers only the latest waiting version: accept, ask for changes with a note, or decline with a reason', async () => {
    const fetchMock = renderAs(client, {
      'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: history })] } },
      'POST /api/projects/p-1/offers/2/request-changes': { status: 200, body: assigned({ offers: history }) },
    });
    expect(await buttonsOf('Wordmark')).toEqual(['Accept Offer', 'Ask for Changes', 'Decline Offer', 'Cancel Project']);
    // The version that waits on the client says so in the client's words.
    const [latest] = (await cardOf('Wordmark')).getAllByRole('listitem', { name: /^Offer version/ });
    expect(within(latest).getByText('Waiting for your answer')).toBeTruthy();
    expect(within(latest).queryByText('Waiting for the client')).toBeNull();
    fireEvent.click((await cardOf('Wordmark')).getByRole('button', { name: 'Ask for Changes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask for changes to version 2?' }));
    dialog.getByRole('button', { name: 'Send Note' }).focus();
    fireEvent.click(dialog.getByRole('button', { name: 'Send Note' }));
    expect(await dialog.findByText('Please say what should change.')).toBeTruthy();
    // Back to the note: a keyboard user who pressed Enter on the button types the change into the field next.
    expect(document.activeElement).toBe(dialog.getByLabelText('What should change?'));
    fireEvent.change(dialog.getByLabelText('What should change?'), { target: { value: 'Gift box first.' } });
    // Checked again as they type: the message goes once it is no longer true.
    expect(dialog.queryByText('Please say what should change.')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Send Note' }));
    expect(await screen.findByText('Your note was sent. The creator can send a new version.')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers/2/request-changes')).toEqual({ note: 'Gift box first.' });
  });

  it('asks for a reason to decline in the words of its question', async () => {
    const fetchMock = renderAs(client, {
      'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: history })] } },
      'POST /api/projects/p-1/offers/2/decline': { status: 200, body: assigned({ creator: null, offers: history }) },
    });
    fireEvent.click((await cardOf('Wordmark')).getByRole('button', { name: 'Decline Offer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this offer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Decline Offer' }));
    expect(await dialog.findByText('Please say why')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason for declining'), { target: { value: 'We went another way.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline Offer' }));
    expect(await screen.findByText('Offer declined')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers/2/decline')).toEqual({ note: 'We went another way.' });
  });

  it('asks before accepting an offer, with its price, milestones and rounds; Cancel sends nothing', async () => {
    const fetchMock = renderAs(client, {
      'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: history })] } },
      'POST /api/projects/p-1/offers/2/accept': { status: 200, body: assigned({ status: 'active', offers: [offerView({ id: 'o2', version: 2, status: 'accepted' })] }) },
    });
    const accept = (await cardOf('Wordmark')).getByRole('button', { name: 'Accept Offer' });
    accept.focus();
    fireEvent.click(accept);
    let dialog = within(await screen.findByRole('dialog', { name: 'Accept version 2 of the offer?' }));
    expect(
      dialog.getByText('You agree to pay $900 in 3 milestones, with 3 revision rounds included. Mara Maker starts on the first milestone, and you fund each milestone as it starts.'),
    ).toBeTruthy();
    // Focus moves into the dialog, as in the other dialogs of the card.
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetchMock, '/api/projects/p-1/offers/2/accept')).toBeUndefined();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/projects/p-1/offers/2/accept')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(accept));

    fireEvent.click(accept);
    dialog = within(await screen.findByRole('dialog', { name: 'Accept version 2 of the offer?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept Offer' }));
    expect(await screen.findByText('Offer accepted. The first milestone has started.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/projects/p-1/offers/2/accept' && init?.method === 'POST')).toBe(true);
  });

  it('the client sees no answers once the latest version has been answered', async () => {
    renderAs(client, { 'GET /api/projects': { status: 200, body: { projects: [assigned({ offers: [offerView({ status: 'changes_requested', responseNote: 'Cheaper?' })] })] } } });
    expect(await buttonsOf('Wordmark')).toEqual(['Cancel Project']);
    expect((await cardOf('Wordmark')).getByText('Changes requested')).toBeTruthy();
  });
});

describe('the milestones of an active project', { timeout: 20000 }, () => {
  const running = (overrides: Partial<ProjectView> = {}) =>
    assigned({
      status: 'in_review',
      offers: [offerView({ status: 'accepted' })],
      milestones: [
        milestoneView({ status: 'approved', approvedAt: '2030-01-09T10:00:00.000Z' }),
        milestoneView({ id: 'm-2', position: 2, title: 'The three tins', amountCents: 40000, status: 'submitted', autoApproveAt: '2030-01-27T12:00:00.000Z' }),
        milestoneView({ id: 'm-3', position: 3, title: 'Gift box', amountCents: 20000, status: 'pending', late: true }),
      ],
      revisions: { included: 2, used: 2, extra: 0, left: 0 },
      ...overrides,
    });

  it('shows each milestone with its status, amount, due date, lateness and the date it approves by itself', async () => {
    renderAs(client, { 'GET /api/projects': { status: 200, body: { projects: [running()] } } });
    const card = await cardOf('Wordmark');
    const rows = card.getAllByRole('listitem', { name: /^Milestone/ });
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Milestone 1: Label system', 'Milestone 2: The three tins', 'Milestone 3: Gift box']);
    expect(within(rows[0]).getByText('Approved')).toBeTruthy();
    expect(within(rows[1]).getByText('$400')).toBeTruthy();
    expect(within(rows[1]).getByText('Due Jan 10, 2030')).toBeTruthy();
    // With the hour, in the reader's time zone (the emails give it too).
    const at = new Date('2030-01-27T12:00:00.000Z').toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(rows[1]).getByText(`Approves automatically on ${at}`)).toBeTruthy();
    expect(at).toMatch(/^Jan 2[678], 2030, \d{1,2}:00\s[AP]M$/);
    expect(within(rows[2]).getByText('Late')).toBeTruthy();
    expect(within(rows[1]).queryByText('Late')).toBeNull();
    expect(card.getByText('Revision rounds left:').textContent).toBe('Revision rounds left: 0');
    expect(await buttonsOf('Wordmark')).toEqual(['Approve Milestone 2', 'Ask for a Revision', 'Flag Work']);
  });

  it('explains, when no rounds are left, that the creator can allow an extra one', async () => {
    renderAs(client, { 'GET /api/projects': { status: 200, body: { projects: [running()] } } });
    fireEvent.click((await cardOf('Wordmark')).getByRole('button', { name: 'Ask for a Revision' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Ask for a revision of milestone 2/ }));
    expect(dialog.getByText(/No revision rounds are left. Mara Maker can allow an extra one/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Ask for Revision' })).toBeNull();
  });

  it('asks for a revision with a note, and shows the note to the creator', async () => {
    const fetchMock = renderAs(client, {
      'GET /api/projects': { status: 200, body: { projects: [running({ revisions: { included: 2, used: 0, extra: 0, left: 2 } })] } },
      'POST /api/projects/p-1/revision': { status: 200, body: running() },
    });
    fireEvent.click((await cardOf('Wordmark')).getByRole('button', { name: 'Ask for a Revision' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Ask for a revision/ }));
    expect(dialog.getByText(/This uses one of your 2 revision rounds left\. Mara Maker reworks/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('What should change?'), { target: { value: 'Warmer green.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask for Revision' }));
    expect(await screen.findByText('Revision requested')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/projects/p-1/revision')).toEqual({ note: 'Warmer green.' });
  });

  it('says when a revision uses the last round, in the singular', async () => {
    renderAs(client, { 'GET /api/projects': { status: 200, body: { projects: [running({ revisions: { included: 2, used: 1, extra: 0, left: 1 } })] } } });
    fireEvent.click((await cardOf('Wordmark')).getByRole('button', { name: 'Ask for a Revision' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Ask for a revision/ }));
    expect(dialog.getByText('This uses your last revision round. Mara Maker reworks the milestone and submits it again.')).toBeTruthy();
    expect(dialog.queryByText(/1 revision round/)).toBeNull();
  });

  it('the creator sees the revision note, submits the named milestone and can allow an extra revision', async () => {
    const fetchMock = renderAs(maker, {
      'GET /api/projects': {
        status: 200,
        body: {
          projects: [
            running({
              status: 'active',
              milestones: [
                milestoneView({ status: 'approved', approvedAt: '2030-01-09T10:00:00.000Z', approvedByTime: true }),
                milestoneView({ id: 'm-2', position: 2, title: 'The three tins', status: 'revision_requested', revisionNote: 'Warmer green.' }),
              ],
            }),
          ],
        },
      },
      'POST /api/projects/p-1/allow-extra-revision': { status: 200, body: running() },
    });
    const card = await cardOf('Wordmark');
    expect(card.getByText('Warmer green.')).toBeTruthy();
    expect(card.getByText(/Approved automatically on/)).toBeTruthy();
    // The work goes back in: 'Resubmit', and the dialog keeps the client's note in sight while the file is chosen.
    expect(await buttonsOf('Wordmark')).toEqual(['Resubmit Milestone 2', 'Add Process Doc', 'Allow an Extra Revision', 'Withdraw from Project']);
    fireEvent.click(card.getByRole('button', { name: 'Resubmit Milestone 2' }));
    const submit = within(await screen.findByRole('dialog', { name: 'Submit your deliverable' }));
    expect(submit.getByText('The client asked for this revision:')).toBeTruthy();
    expect(submit.getByText('Warmer green.')).toBeTruthy();
    fireEvent.click(submit.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit your deliverable' })).toBeNull());
    fireEvent.click(card.getByRole('button', { name: 'Allow an Extra Revision' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Allow an extra revision?' })).getByRole('button', { name: 'Allow Extra Revision' }));
    expect(await screen.findByText('One more revision round allowed')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/projects/p-1/allow-extra-revision' && init?.method === 'POST')).toBe(true);
  });
});
