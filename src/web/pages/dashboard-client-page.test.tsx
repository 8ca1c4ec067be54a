// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientDashboard, CreatorCard } from '../../domain/client-dashboard-schemas';
import type { WhiteGloveRequestView } from '../../domain/white-glove-schemas';
import { currentUrl, makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../test/web/render-app';

beforeAll(() => {
  // Radix Select scrolls to and captures the pointer on its items; jsdom has neither.
  Element.prototype.scrollIntoView = () => {};
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const client = makeUser({ id: 'client-1', role: 'client', name: 'June Alder' });
const dashboard: ClientDashboard = {
  activeProjects: 2,
  inReviewProjects: 1,
  profile: { companyName: 'Juniper Bakery', industry: 'Food', budgetRange: '$2k – $8k', desiredCategories: ['logo_design'], logoUrl: null },
};
const creator = (overrides: Partial<CreatorCard>): CreatorCard => ({
  id: 'maker-1',
  name: 'Marisol Inkwell',
  role: 'maker',
  avatarUrl: null,
  bio: null,
  sealVerified: false,
  deliverableCategories: ['logo_design'],
  expertiseAreas: [],
  ...overrides,
});
const options = { status: 200, body: { creators: [{ id: 'maker-1', name: 'Marisol Inkwell', role: 'maker' }, { id: 'mind-1', name: 'Theo Lantern', role: 'mind' }] } };

const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/account/me': signedInAs(client),
  'GET /api/client/dashboard': { status: 200, body: dashboard },
  'GET /api/client/creators': { status: 200, body: { creators: [creator({}), creator({ id: 'maker-2', name: 'Sol Weaver', sealVerified: true })] } },
  'GET /api/projects': { status: 200, body: { projects: [] } },
  'GET /api/white-glove/requests': { status: 200, body: { requests: [] } },
  'GET /api/client/creator-options': options,
  'GET /api/client/creator-options?include=maker-1': options,
  'GET /api/client/creator-options?include=mind-1': options,
  ...extra,
});

const choose = async (trigger: HTMLElement, option: string) => {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('/dashboard-client', { timeout: 15000 }, () => {
  it('shows the title, the summary cards from real data and Browse Creators by default', async () => {
    stubFetch(routes());
    renderApp('/dashboard-client');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    expect(screen.getByText('Find verified creators and manage your projects')).toBeTruthy();
    expect(await screen.findByText('Juniper Bakery')).toBeTruthy();
    expect(screen.getByText('$2k – $8k')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    // The product's card counts active projects; work waiting on the client's review is named beneath it.
    expect(screen.getByText('+ 1 in review')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Browse Creators' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Verified Creators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Full Marketplace/ }).getAttribute('href')).toBe('/marketplace');
    const sol = (await screen.findByRole('heading', { name: 'Sol Weaver' })).closest('li')!;
    expect(within(sol).getByRole('img', { name: 'Verified Human Creator' })).toBeTruthy();
    // A verified email: no banner.
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });

  it('leads a client who left onboarding unfinished back to it, and says nothing once it is done', async () => {
    const unfinished = { ...dashboard, profile: { companyName: null, industry: null, budgetRange: null, desiredCategories: [], logoUrl: null } };
    stubFetch(routes({ 'GET /api/client/dashboard': { status: 200, body: unfinished } }));
    renderApp('/dashboard-client');
    expect(await screen.findByText('Finish your company profile')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Complete your profile/ }).getAttribute('href')).toBe('/onboard-client');
    cleanup();
    stubFetch(routes());
    renderApp('/dashboard-client');
    expect(await screen.findByText('Juniper Bakery')).toBeTruthy();
    expect(screen.queryByText('Finish your company profile')).toBeNull();
  });

  it('asks a client with an unverified email to verify it, as the creator dashboards do', async () => {
    stubFetch(routes({ 'GET /api/account/me': signedInAs(makeUser({ ...client, emailVerified: false })) }));
    renderApp('/dashboard-client');
    expect(await screen.findByText(/Please verify your email address/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
  });

  it('shows a spinner until the dashboard has loaded, then the summary and tabs', async () => {
    const answer = stubFetch(routes());
    let release = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (input === '/api/client/dashboard') await loaded;
        return answer(input, init);
      }),
    );
    renderApp('/dashboard-client');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeTruthy();
    const spinner = await screen.findByRole('status');
    expect(spinner.textContent).toBe('Loading');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText('Juniper Bakery')).toBeNull();

    release();
    expect(await screen.findByText('Juniper Bakery')).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Client dashboard sections' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('filters on the server and shows the empty state', async () => {
    const fetchMock = stubFetch(
      routes({ 'GET /api/client/creators?category=web_design&seal=seal': { status: 200, body: { creators: [] } } }),
    );
    renderApp('/dashboard-client');
    await choose(await screen.findByLabelText('Category'), 'Web Design');
    await choose(screen.getByLabelText('Creators'), 'Seal Only');
    expect(await screen.findByText('No creators found matching your filters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/client/creators?category=web_design&seal=seal')).toBe(true);
    // A way back to every creator: the filters cleared, the list asked for afresh.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Sol Weaver')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('saves a creator to the shortlist from their card, and lists the saved ones above the rest', async () => {
    let saved: CreatorCard[] = [creator({ id: 'maker-2', name: 'Sol Weaver', sealVerified: true })];
    const fetchMock = stubFetch(
      routes({
        'GET /api/client/saved-creators': () => ({ status: 200, body: { creators: saved } }),
        'PUT /api/client/saved-creators/maker-1': () => {
          saved = [creator({}), ...saved];
          return { status: 204 };
        },
      }),
    );
    renderApp('/dashboard-client');
    const shortlist = await screen.findByRole('region', { name: /Saved creators/ });
    expect(within(shortlist).getByText('Sol Weaver')).toBeTruthy();
    const toggles = await screen.findAllByRole('button', { name: 'Save Marisol Inkwell' });
    expect(toggles.every((toggle) => toggle.getAttribute('aria-pressed') === 'false')).toBe(true);
    fireEvent.click(toggles[0]);
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Saved creators/ })).getByText('Marisol Inkwell')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/client/saved-creators/maker-1' && init?.method === 'PUT')).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Save Marisol Inkwell' }).every((toggle) => toggle.getAttribute('aria-pressed') === 'true')).toBe(true));
  });

  it('opens the project dialog from ?hire= with the creator preselected, then drops the parameter', async () => {
    stubFetch(routes());
    const { router } = renderApp('/dashboard-client?hire=maker-1');
    const dialog = await screen.findByRole('dialog', { name: 'Start a project' });
    await waitFor(() => expect(within(dialog).getByLabelText('Creator (optional)').textContent).toContain('Marisol Inkwell'));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard-client'));
  });

  it('opens the tab named by ?tab= (a notification leads to White Glove)', async () => {
    stubFetch(routes());
    renderApp('/dashboard-client?tab=white-glove');
    expect((await screen.findByRole('tab', { name: 'White Glove' })).getAttribute('aria-selected')).toBe('true');
  });

  it('validates the new project, then creates it with the chosen creator and shows it in Projects', async () => {
    let created = false;
    const fetchMock = stubFetch(
      routes({
        'POST /api/projects': () => {
          created = true;
          return { status: 201, body: {} };
        },
        'GET /api/projects': () => ({ status: 200, body: { projects: [] } }),
      }),
    );
    renderApp('/dashboard-client');
    const hire = await screen.findByRole('button', { name: 'Hire Creator: Marisol Inkwell' });
    fireEvent.click(hire);
    const dialog = await screen.findByRole('dialog', { name: 'Start a project' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeTruthy();
    expect(within(dialog).getByText('Please select a deliverable type')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a budget')).toBeTruthy();
    expect(created).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Wordmark' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Hand-drawn.' } });
    await choose(within(dialog).getByLabelText('Deliverable type'), 'logo design');
    fireEvent.change(within(dialog).getByLabelText('Budget (USD)'), { target: { value: '850' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Project created successfully!')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/projects' && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      title: 'Wordmark',
      description: 'Hand-drawn.',
      deliverableType: 'logo_design',
      budget: 850,
      creatorId: 'maker-1',
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Projects' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('shows "No projects yet" with a way to start one', async () => {
    stubFetch(routes());
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Projects' }));
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Your First Project' }));
    expect(await screen.findByRole('dialog', { name: 'Start a project' })).toBeTruthy();
  });

  it('lists White Glove requests with budget, due time and curated matches to hire from', async () => {
    const request: WhiteGloveRequestView = {
      id: 'wg-1',
      description: 'A full identity for our second shop.',
      deliverableType: 'branding_packages',
      budget: 6000,
      status: 'completed',
      curatedCreatorIds: ['maker-1', 'mind-1', 'maker-2'],
      createdAt: '2026-03-01T12:00:00.000Z',
      dueAt: '2026-03-03T12:00:00.000Z',
    };
    stubFetch(
      routes({
        'GET /api/white-glove/requests': { status: 200, body: { requests: [request] } },
        'GET /api/white-glove/requests/wg-1/matches': {
          status: 200,
          body: { creators: [creator({}), creator({ id: 'mind-1', name: 'Theo Lantern', role: 'mind', deliverableCategories: [], expertiseAreas: ['Brand Strategy'] })] },
        },
      }),
    );
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'White Glove' }));
    expect(await screen.findByRole('heading', { name: 'Your Requests' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'branding packages' })).toBeTruthy();
    expect(screen.getByText('$6,000')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Curated Matches:')).toBeTruthy();
    expect(screen.getByText(/3 creators selected for you/)).toBeTruthy();
    expect(screen.getByText(/Mar 3, 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View Matches' }));
    const matches = await screen.findByRole('dialog', { name: 'Your curated matches' });
    fireEvent.click(await within(matches).findByRole('button', { name: 'Hire Creator: Theo Lantern' }));
    const projectDialog = await screen.findByRole('dialog', { name: 'Start a project' });
    await waitFor(() => expect(within(projectDialog).getByLabelText('Creator (optional)').textContent).toContain('Theo Lantern'));
  });

  it('submits a White Glove request and confirms with the spec message', async () => {
    const fetchMock = stubFetch(routes({ 'POST /api/white-glove/requests': { status: 201, body: {} } }));
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'White Glove' }));
    fireEvent.change(await screen.findByLabelText('What do you need?'), { target: { value: 'Tins for the holidays.' } });
    await choose(screen.getByLabelText('Deliverable type'), 'branding packages');
    fireEvent.change(screen.getByLabelText('Budget (USD)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request White Glove Matching' }));
    expect(await screen.findByText("White Glove request submitted! We'll curate 3 perfect matches within 24-48 hours.")).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/white-glove/requests' && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ description: 'Tins for the holidays.', deliverableType: 'branding_packages', budget: 3000 });
  });
});
