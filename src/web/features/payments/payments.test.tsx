// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup as cleanupRender, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CreatorBalance, ProjectFunding } from '../../../domain/payment-schemas';
import { AppProviders } from '../../app-providers';
import { makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';
import { milestoneView, projectView } from '../../../../test/web/project-fixtures';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { SignedInUserContext } from '../auth/signed-in-user';
import { ClientProjectsTab } from '../projects/client-projects-tab';
import { CreatorBalancePanel } from './creator-balance';
import { MilestoneFundingLine } from './milestone-funding';
import { dollarsToCents } from './payments-api';
import '../../../../test/web/jsdom-shims';
import { MemoryRouter, useLocation } from 'react-router';

resetBetweenTests();

const slow = { timeout: 15000 };
const client = makeUser({ id: 'client-1', role: 'client', name: 'June Alder' });
const maker = makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' });

const activeProject = projectView({
  status: 'active',
  creator: { id: 'maker-1', name: 'Mara Maker', role: 'maker', avatarUrl: null },
  milestones: [milestoneView({ status: 'active' }), milestoneView({ id: 'm-2', position: 2, title: 'The three tins', amountCents: 40000 })],
});

const fundingWith = (first: Partial<ProjectFunding['milestones'][number]>): ProjectFunding => ({
  provider: 'manual',
  feePercent: 10,
  milestones: [
    { milestoneId: 'm-1', position: 1, title: 'Label system', amountCents: 30000, status: 'awaiting_funding', payment: null, releasedCents: 0, refundedCents: 0, ...first },
    { milestoneId: 'm-2', position: 2, title: 'The three tins', amountCents: 40000, status: 'not_due', payment: null, releasedCents: 0, refundedCents: 0 },
  ],
});

const renderWith = (user: typeof client, ui: React.ReactNode, routes: FetchRoutes) => {
  const fetchMock = stubFetch(routes);
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
      <SignedInUserContext value={user}>{ui}</SignedInUserContext>
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
};


/** An open manual invoice as the API lists it. */
const anInvoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'pay-1',
  number: 'HM-2026-0007',
  projectId: 'p-1',
  projectTitle: 'Wordmark',
  milestoneTitle: 'Label system',
  amountCents: 30000,
  status: 'awaiting_payment',
  provider: 'manual',
  issuedAt: '2026-05-01T10:00:00.000Z',
  dueDate: '2026-05-08',
  paidAt: null,
  refundedCents: 0,
  pdfUrl: '/api/payments/invoices/pay-1/pdf',
  checkoutUrl: null,
  ...overrides,
});

describe('dollarsToCents', () => {
  it('reads what people type, and refuses what is not an amount', () => {
    expect(dollarsToCents('765')).toBe(76500);
    expect(dollarsToCents('$1,234.5')).toBe(123450);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('12.345')).toBeNaN();
    expect(dollarsToCents('')).toBeNaN();
    expect(dollarsToCents('-3')).toBeNaN();
  });
});

describe('an open invoice on a milestone row', () => {
  const line = (dueDate: string) => {
    const payment = { id: 'pay-1', status: 'awaiting_payment', provider: 'manual', invoiceNumber: 'HM-2026-0007', dueDate, invoiceUrl: null, checkoutUrl: null, bankTransfer: null } as const;
    const funding = fundingWith({ status: 'awaiting_payment', payment }).milestones[0];
    return <MilestoneFundingLine funding={funding} provider="manual" isClient={false} creatorName="Mara Maker" />;
  };

  it('tells the creator too when the payment is overdue, and not before', () => {
    renderWith(maker, line('2999-01-01'), {});
    expect(screen.getByText(/^Payment due/).textContent).toBe('Payment due Jan 1, 2999');
    cleanupRender();
    renderWith(maker, line('2026-05-08'), {});
    expect(screen.getByText(/^Payment due/).textContent).toBe('Payment due May 8, 2026 · Overdue');
  });
});

describe('a card invoice with no checkout open', { timeout: 15000 }, () => {
  it("offers the client 'Pay by card', which opens a fresh checkout for the same invoice", async () => {
    const open = { id: 'pay-1', status: 'awaiting_payment', provider: 'stripe', invoiceNumber: 'HM-2026-0007', dueDate: '2999-01-01', invoiceUrl: null, checkoutUrl: null, bankTransfer: null } as const;
    const funding = { ...fundingWith({ status: 'awaiting_payment', payment: open }), provider: 'stripe' as const }.milestones[0];
    const assign = window.location.assign;
    const went: string[] = [];
    Object.defineProperty(window, 'location', { value: { ...window.location, assign: (url: string) => went.push(url) }, configurable: true });
    try {
      const fetchMock = renderWith(client, <MilestoneFundingLine funding={funding} provider="stripe" isClient creatorName="Mara Maker" />, {
        'POST /api/payments/milestones/m-1/fund': { status: 200, body: { ...funding, payment: { ...open, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' } } },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Pay by card: invoice HM-2026-0007' }));
      await waitFor(() => expect(went).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']));
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/payments/milestones/m-1/fund') && init?.method === 'POST')).toBe(true);
    } finally {
      Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
    }
    cleanupRender();
    // Not for the creator, and not for a bank-transfer invoice.
    renderWith(maker, <MilestoneFundingLine funding={funding} provider="stripe" isClient={false} creatorName="Mara Maker" />, {});
    expect(screen.queryByRole('button', { name: /Pay by card/ })).toBeNull();
    cleanupRender();
    const manual = { ...funding, payment: { ...open, provider: 'manual' as const } };
    renderWith(client, <MilestoneFundingLine funding={manual} provider="stripe" isClient creatorName="Mara Maker" />, {});
    expect(screen.queryByRole('button', { name: /Pay by card/ })).toBeNull();
  });
});

describe('funding a milestone (manual provider)', { timeout: 15000 }, () => {
  it('explains escrow, then gives the invoice to download and says the payment is awaited', async () => {
    let funded = false;
    const payTo = { accountHolder: 'Humanmade Demo Ltd', accountNumber: 'DE89370400440532013000', routingCode: 'COBADEFFXXX', bankName: 'Demo Bank' };
    const invoice = {
      id: 'pay-1',
      status: 'awaiting_payment',
      provider: 'manual',
      invoiceNumber: 'HM-2026-0007',
      dueDate: '2026-05-08',
      invoiceUrl: '/api/payments/invoices/pay-1/pdf',
      checkoutUrl: null,
      bankTransfer: { reference: 'HM-2026-0007', payTo },
    } as const;
    const fetchMock = renderWith(client, <ClientProjectsTab onCreateProject={() => {}} />, {
      'GET /api/projects': { status: 200, body: { projects: [activeProject] } },
      'GET /api/payments/projects/p-1': () => ({ status: 200, body: fundingWith(funded ? { status: 'awaiting_payment', payment: invoice } : {}) }),
      'POST /api/payments/milestones/m-1/fund': () => {
        funded = true;
        return { status: 200, body: fundingWith({ status: 'awaiting_payment', payment: invoice }).milestones[0] };
      },
    });
    const row = within(await screen.findByRole('listitem', { name: 'Milestone 1: Label system' }));
    expect(await row.findByText('Awaiting funding')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Milestone 2: The three tins' })).getByText('To fund when it starts')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Fund milestone 1: Label system' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Held until you approve\./)).toBeTruthy();
    expect(dialog.getByText(/Refunded if cancelled before delivery\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Fund milestone ($300.00)' }));
    expect(await dialog.findByRole('heading', { name: 'Invoice HM-2026-0007 issued' })).toBeTruthy();
    // When it is due, as the invoice states it (a calendar day: the same wherever it is read).
    expect(dialog.getByText(/The invoice is due on/).textContent).toContain('The invoice is due on May 8, 2026.');
    expect(dialog.getByRole('link', { name: 'Download invoice (PDF)' }).getAttribute('href')).toBe('/api/payments/invoices/pay-1/pdf');
    // Where to send the money, and the invoice number to quote.
    const transfer = within(dialog.getByRole('region', { name: 'Bank transfer details' }));
    expect(transfer.getByText('Humanmade Demo Ltd')).toBeTruthy();
    expect(transfer.getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(transfer.getByText('COBADEFFXXX')).toBeTruthy();
    expect(transfer.getByText('HM-2026-0007')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/payments/milestones/m-1/fund' && init?.method === 'POST')).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    // The row now says what is awaited, and keeps the invoice at hand.
    expect(await row.findByText('Waiting for the payment to be confirmed')).toBeTruthy();
    expect(row.getByText('Invoice HM-2026-0007')).toBeTruthy();
    // May 8, 2026 has passed and the invoice is unpaid: the row says so, as the Invoices tab does.
    expect(row.getByText(/^Payment due/).textContent).toBe('Payment due May 8, 2026 · Overdue');
    expect(row.queryByRole('button', { name: /Fund milestone/ })).toBeNull();
  });

  it('keeps the invoice and says what a split did, on a cancelled project', async () => {
    const cancelled = { ...activeProject, status: 'cancelled' as const, milestones: [milestoneView({ status: 'submitted' })] };
    const paid = {
      id: 'pay-1',
      status: 'paid',
      provider: 'manual',
      invoiceNumber: 'HM-2026-0007',
      dueDate: '2026-05-08',
      invoiceUrl: '/api/payments/invoices/pay-1/pdf',
      checkoutUrl: null,
      bankTransfer: null,
    } as const;
    renderWith(client, <ClientProjectsTab onCreateProject={() => {}} />, {
      'GET /api/projects': { status: 200, body: { projects: [cancelled] } },
      'GET /api/payments/projects/p-1': {
        status: 200,
        body: { ...fundingWith({ status: 'split', payment: paid, releasedCents: 16200, refundedCents: 12000 }), milestones: fundingWith({ status: 'split', payment: paid, releasedCents: 16200, refundedCents: 12000 }).milestones.slice(0, 1) },
      },
    });
    const row = within(await screen.findByRole('listitem', { name: 'Milestone 1: Label system' }));
    expect(await row.findByText('Split by the platform')).toBeTruthy();
    expect(row.getByText('$162.00')).toBeTruthy();
    expect(row.getByText('$120.00')).toBeTruthy();
    expect(row.getByRole('link', { name: /Download invoice \(PDF\)/ }).getAttribute('href')).toBe('/api/payments/invoices/pay-1/pdf');
    expect(row.queryByRole('button', { name: /Fund milestone/ })).toBeNull();
  });

  it("shows 'Awaiting funding' on the creator's card too, without the client's actions", async () => {
    const { CreatorProjectsTab } = await import('../projects/creator-projects-tab');
    renderWith(maker, <CreatorProjectsTab role="maker" />, {
      'GET /api/projects': { status: 200, body: { projects: [activeProject] } },
      'GET /api/payments/projects/p-1': { status: 200, body: fundingWith({}) },
    });
    const row = within(await screen.findByRole('listitem', { name: 'Milestone 1: Label system' }));
    expect(await row.findByText('Awaiting funding')).toBeTruthy();
    expect(row.queryByRole('button', { name: /Fund milestone/ })).toBeNull();
  });
});

describe('the approve dialog says what approval does with the money (decisions 185, 228)', { timeout: 15000 }, () => {
  type Funding = ProjectFunding['milestones'][number]['status'];
  const inReview = (funding: Funding, milestones = 2) =>
    projectView({
      status: 'in_review',
      creator: { id: 'maker-1', name: 'Mara Maker', role: 'maker', avatarUrl: null },
      deliverableUrl: '/files/deliverables/maker-1/p-1/deliverable.png',
      milestones: [milestoneView({ status: 'submitted', funding }), milestoneView({ id: 'm-2', position: 2, title: 'The three tins', amountCents: 40000, funding: 'not_due' })].slice(0, milestones),
    });
  const openApprove = async (project: ReturnType<typeof inReview>, button: string, title: string) => {
    renderWith(client, <ClientProjectsTab onCreateProject={() => {}} />, {
      'GET /api/projects': { status: 200, body: { projects: [project] } },
      'GET /api/payments/projects/p-1': { status: 200, body: fundingWith({ status: project.milestones[0].funding }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    return dialog.querySelector('p')?.textContent ?? '';
  };

  it('funded: the money is released from escrow, less the fee', async () => {
    const said = await openApprove(inReview('funded'), 'Approve Milestone 1', 'Approve milestone 1 (“Label system”)?');
    expect(said).toBe('$300 for milestone 1 (“Label system”) is released to Mara Maker from escrow, less the platform fee, and the next milestone starts.');
  });

  it('never funded: nothing is held, and the client will be invoiced for it', async () => {
    const said = await openApprove(inReview('awaiting_funding'), 'Approve Milestone 1', 'Approve milestone 1 (“Label system”)?');
    expect(said).toBe(
      'Milestone 1 (“Label system”) has not been funded, so no money is held for it: you will be invoiced $300 for it, and Mara Maker is paid from it, less the platform fee, once you pay it. The next milestone starts.',
    );
    expect(said).not.toContain('escrow');
  });

  it('its invoice open: the invoice stays due; for the last (or only) milestone, the project completes', async () => {
    const said = await openApprove(inReview('awaiting_payment', 1), 'Approve Work', 'Approve this work?');
    expect(said).toBe(
      'The project will be marked complete. This work is not funded yet, so no money is held for it: its invoice for $300 stays due, and Mara Maker is paid from it, less the platform fee, once you pay it.',
    );
  });
});

const balance = (overrides: Partial<CreatorBalance> = {}): CreatorBalance => ({
  provider: 'manual',
  availableCents: 76500,
  inEscrowCents: 40000,
  pendingPayoutCents: 0,
  paidOutCents: 0,
  earnedCents: 76500,
  payouts: [],
  connect: 'not_applicable',
  ...overrides,
});

describe('the creator balance', { timeout: 15000 }, () => {
  it('asks where to pay first, then requests a payout in dollars (defaulting to the available balance), sent in cents, with the server’s message on the field', async () => {
    let attempts = 0;
    let saved: object | null = null;
    const view = { accountHolder: 'Mara Maker', accountNumberMasked: '•••• 3000', accountNumberLabel: 'IBAN', routingCode: null, bankName: null, country: null, updatedAt: '2026-05-01T10:00:00.000Z' };
    const fetchMock = renderWith(maker, <CreatorBalancePanel />, {
      'GET /api/payments/balance': { status: 200, body: balance() },
      'GET /api/payments/payout-details': () => ({ status: 200, body: { details: saved ? view : null } }),
      'PUT /api/payments/payout-details': () => {
        saved = view;
        return { status: 200, body: { details: view } };
      },
      'POST /api/payments/payouts': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { error: 'validation_error', message: 'Invalid input', fields: { amountCents: 'You can request at most your available balance.' } } }
          : { status: 201, body: {} };
      },
    });
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const dialog = within(await screen.findByRole('dialog'));
    // No payout details yet: the dialog asks for them, checked as the server checks them.
    expect(await dialog.findByRole('heading', { name: 'Where should we pay you?' })).toBeTruthy();
    // It opened while the details loaded; once the form is there, focus is on its first field, not on Close.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('INPUT'));
    fireEvent.change(dialog.getByLabelText('IBAN or account number'), { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save payout details' }));
    expect(await dialog.findByText('Enter the account holder’s name')).toBeTruthy();
    expect(await dialog.findByText('This IBAN does not check out: look for a typo')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Account holder name'), { target: { value: 'Mara Maker' } });
    fireEvent.change(dialog.getByLabelText('IBAN or account number'), { target: { value: 'DE89 3704 0044 0532 0130 00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save payout details' }));
    expect(await dialog.findByText('IBAN •••• 3000')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([url, init]) => url === '/api/payments/payout-details' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ accountHolder: 'Mara Maker', accountNumber: 'DE89 3704 0044 0532 0130 00' });
    const amount = dialog.getByLabelText('Amount (US dollars)') as HTMLInputElement;
    expect(amount.value).toBe('765.00');
    fireEvent.change(amount, { target: { value: '0.50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request payout' }));
    expect(await dialog.findByText('A payout is at least $1.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '700' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request payout' }));
    expect(await dialog.findByText('You can request at most your available balance.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Payout requested')).toBeTruthy();
    const bodies = fetchMock.mock.calls.filter(([url]) => url === '/api/payments/payouts').map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ amountCents: 70000 }, { amountCents: 70000 }]);
  });

  it('lists payouts with their status and receipt, and offers Stripe set-up when payouts cannot reach the creator yet', async () => {
    const paid = { id: 'po-1', amountCents: 50000, status: 'paid', reference: 'TRF-22', receiptNumber: 'R-2026-0001', receiptUrl: '/api/payments/payouts/po-1/receipt', requestedAt: '2026-05-01T10:00:00.000Z', paidAt: '2026-05-02T10:00:00.000Z', paidTo: null } as const;
    renderWith(maker, <CreatorBalancePanel />, { 'GET /api/payments/balance': { status: 200, body: balance({ provider: 'stripe', connect: 'not_started', payouts: [paid] }) } });
    const row = within(await screen.findByRole('listitem', { name: 'Payout of $500.00' }));
    expect(row.getByText('Paid')).toBeTruthy();
    expect(row.getByRole('link', { name: /Download receipt \(PDF\)/ }).getAttribute('href')).toBe('/api/payments/payouts/po-1/receipt');
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('cancels a waiting payout request once confirmed: it shows cancelled and the amount is available again; a paid one offers no cancel', async () => {
    let status: 'requested' | 'cancelled' = 'requested';
    const waiting = () => ({ id: 'po-2', amountCents: 20000, status, reference: null, receiptNumber: null, receiptUrl: null, requestedAt: '2026-05-03T10:00:00.000Z', paidAt: null, paidTo: 'Mara Maker · IBAN •••• 3000' });
    const paid = { id: 'po-1', amountCents: 50000, status: 'paid', reference: 'TRF-22', receiptNumber: 'R-2026-0001', receiptUrl: '/api/payments/payouts/po-1/receipt', requestedAt: '2026-05-01T10:00:00.000Z', paidAt: '2026-05-02T10:00:00.000Z', paidTo: null } as const;
    const fetchMock = renderWith(maker, <CreatorBalancePanel />, {
      'GET /api/payments/balance': () => ({
        status: 200,
        body: status === 'requested' ? balance({ availableCents: 56500, pendingPayoutCents: 20000, payouts: [waiting(), paid] }) : balance({ payouts: [waiting(), paid] }),
      }),
      'POST /api/payments/payouts/po-2/cancel': () => {
        status = 'cancelled';
        return { status: 200, body: waiting() };
      },
    });
    const cancels = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/payments/payouts/po-2/cancel' && init?.method === 'POST');
    const row = within(await screen.findByRole('listitem', { name: 'Payout of $200.00' }));
    expect(row.getByText('Requested', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('$565.00 is available to pay out.')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Payout of $500.00' })).queryByRole('button', { name: /Cancel request/ })).toBeNull();

    // Asked first; keeping it sends nothing.
    fireEvent.click(row.getByRole('button', { name: 'Cancel request: payout of $200.00' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Cancel this payout request?' }));
    expect(dialog.getByText(/Your request for \$200\.00 will not be paid, and \$200\.00 goes back to your available balance\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels()).toHaveLength(0);

    fireEvent.click(row.getByRole('button', { name: 'Cancel request: payout of $200.00' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Cancel this payout request?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Payout request cancelled. The amount is available again.')).toBeTruthy();
    expect(await row.findByText('Cancelled')).toBeTruthy();
    expect(row.queryByRole('button', { name: /Cancel request/ })).toBeNull();
    expect(screen.getByText('$765.00 is available to pay out.')).toBeTruthy();
    expect(cancels()).toHaveLength(1);
  });

  it('back from Stripe’s onboarding, asks the server to read the account from Stripe and shows what it found', async () => {
    let connect: CreatorBalance['connect'] = 'pending';
    const fetchMock = stubFetch({
      'GET /api/payments/balance': () => ({ status: 200, body: balance({ provider: 'stripe', connect }) }),
      'POST /api/payments/connect/refresh': () => {
        connect = 'ready';
        return { status: 200, body: { connect } };
      },
    });
    let search = '';
    function Search() {
      search = useLocation().search;
      return null;
    }
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/dashboard-maker?tab=earnings&connect=return']}>
          <SignedInUserContext value={maker}>
            <CreatorBalancePanel />
            <Search />
          </SignedInUserContext>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Request payout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up payouts' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/payments/connect/refresh')).toHaveLength(1);
    // The landing is dropped from the address: a reload does not ask Stripe again.
    expect(search).toBe('?tab=earnings');
  });
});

/** What the admin dashboard's Payments tab reads besides its lists: the session, the overview, a balanced ledger. */
const adminPaymentsTab: FetchRoutes = {
  'GET /api/account/me': signedInAs(makeUser({ role: 'admin' })),
  'GET /api/admin/overview': { status: 200, body: { stats: { totalUsers: 1, pendingApplications: 0, totalProjects: 1, sealEligible: 0 } } },
  'GET /api/admin/payments/reconciliation': {
    status: 200,
    body: { accounts: [], totalCents: 0, transactionCount: 0, byKind: { funding: 0, escrow: 0, creator_payable: 0, platform_fees: 0, paid_out: 0, refunded: 0 } },
  },
  'GET /api/admin/payments/history': { status: 200, body: { payments: [], nextCursor: null } },
  'GET /api/admin/payouts/history': { status: 200, body: { payouts: [], nextCursor: null } },
};

describe('the client’s invoices and the admin’s payments', { timeout: 20000 }, () => {
  it('shows the designed empty state when there are no invoices', async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(client),
      'GET /api/client/dashboard': { status: 200, body: { activeProjects: 0, profile: null } },
      'GET /api/payments/invoices': { status: 200, body: { invoices: [] } },
    });
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Invoices' }, slow));
    expect(await screen.findByText('No invoices yet', {}, slow)).toBeTruthy();
  });

  it('lists an invoice with its issue and due dates, and no due date once voided', async () => {
    const invoice = anInvoice({ number: 'HM-INV-2026-000007' });
    stubFetch({
      'GET /api/account/me': signedInAs(client),
      'GET /api/client/dashboard': { status: 200, body: { activeProjects: 0, profile: null } },
      'GET /api/payments/invoices': {
        status: 200,
        body: { invoices: [invoice, { ...invoice, id: 'pay-0', number: 'HM-INV-2026-000006', status: 'cancelled', milestoneTitle: 'Old label' }] },
      },
    });
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Invoices' }, slow));
    const open = within(await screen.findByRole('listitem', { name: 'Invoice HM-INV-2026-000007 for Label system' }, slow));
    expect(open.getByText(/^Issued/).textContent).toBe('Issued May 1, 2026 · Due May 8, 2026');
    const voided = within(screen.getByRole('listitem', { name: 'Invoice HM-INV-2026-000006 for Old label' }));
    expect(voided.getByText(/^Issued/).textContent).toBe('Issued May 1, 2026');
    expect(screen.queryByText(/refunded/i)).toBeNull();
    // A bank-transfer invoice is paid as its PDF says; it is not sent to a card checkout.
    expect(open.queryByRole('link', { name: 'Pay by card on the project' })).toBeNull();
  });

  it('sends a card invoice with no checkout open to its project, where it is paid by card', async () => {
    const card = anInvoice({ number: 'HM-INV-2026-000009', provider: 'stripe', checkoutUrl: null });
    stubFetch({
      'GET /api/account/me': signedInAs(client),
      'GET /api/client/dashboard': { status: 200, body: { activeProjects: 0, profile: null } },
      'GET /api/payments/invoices': { status: 200, body: { invoices: [card] } },
    });
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Invoices' }, slow));
    const row = within(await screen.findByRole('listitem', { name: 'Invoice HM-INV-2026-000009 for Label system' }, slow));
    expect(row.getByRole('link', { name: 'Pay by card on the project' }).getAttribute('href')).toBe('/dashboard-client?tab=projects&project=p-1');
  });

  it('says when a paid invoice was refunded, wholly or in part', async () => {
    const paid = anInvoice({ status: 'paid', paidAt: '2026-05-03T10:00:00.000Z' });
    stubFetch({
      'GET /api/account/me': signedInAs(client),
      'GET /api/client/dashboard': { status: 200, body: { activeProjects: 0, profile: null } },
      'GET /api/payments/invoices': {
        status: 200,
        body: {
          invoices: [
            { ...paid, id: 'pay-2', number: 'HM-INV-2026-000002', milestoneTitle: 'Refunded work', refundedCents: 30000 },
            { ...paid, id: 'pay-3', number: 'HM-INV-2026-000003', milestoneTitle: 'Split work', refundedCents: 12000 },
          ],
        },
      },
    });
    renderApp('/dashboard-client');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Invoices' }, slow));
    const whole = within(await screen.findByRole('listitem', { name: 'Invoice HM-INV-2026-000002 for Refunded work' }, slow));
    expect(whole.getByText('Paid')).toBeTruthy();
    expect(whole.getByText('Refunded')).toBeTruthy();
    expect(whole.getByText(/^Issued/).textContent).toBe('Issued May 1, 2026 · Due May 8, 2026 · Paid May 3, 2026 · $300.00 refunded to you');
    const part = within(screen.getByRole('listitem', { name: 'Invoice HM-INV-2026-000003 for Split work' }));
    expect(part.getByText('Partly refunded')).toBeTruthy();
    expect(part.getByText(/^Issued/).textContent).toContain('$120.00 refunded to you');
  });

  it('records a payment as received with its reference, and shows the reconciliation total', async () => {
    let toConfirm = [
      {
        ...anInvoice(),
        clientName: 'June Alder',
        clientEmail: 'june@example.com',
        clientCompany: 'Alder & Co',
      },
    ];
    let toRefund = [{ id: 'rf-1', amountCents: 25000, clientName: 'June Alder', clientEmail: 'june@example.com', invoiceNumber: 'HM-2026-0005', requestedAt: '2026-05-04T10:00:00.000Z' }];
    const fetchMock = stubFetch({
      ...adminPaymentsTab,
      'GET /api/admin/payments': () => ({ status: 200, body: { provider: 'manual', toConfirm, toRefund, toPay: [], bankDetails: null } }),
      'POST /api/admin/payments/pay-1/received': () => {
        toConfirm = [];
        return { status: 200, body: {} };
      },
      'POST /api/admin/refunds/rf-1/sent': () => {
        toRefund = [];
        return { status: 204 };
      },
    });
    renderApp('/dashboard-admin?tab=payments');
    expect(await screen.findByText('Invoice HM-2026-0007', {}, slow)).toBeTruthy();
    expect(screen.getByText('June Alder, Alder & Co (june@example.com) · issued May 1, 2026 · due May 8, 2026')).toBeTruthy();
    expect(screen.getByText('No payouts to pay')).toBeTruthy();
    // No bank details set yet: the admin is asked to set them, since clients are told they will be emailed them.
    expect(screen.getByText('Set the bank details clients pay into')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set bank details' }).getAttribute('href')).toContain('tab=settings');
    expect(screen.getByTestId('reconciliation-total').textContent).toBe('$0.00');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/payments/reconciliation.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Payment received for invoice HM-2026-0007' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Payment received' }));
    expect(await dialog.findByText('Enter the reference')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Bank reference'), { target: { value: 'BANK-991' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Payment received' }));
    expect(await screen.findByText('No payments to confirm')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/admin/payments/pay-1/received');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reference: 'BANK-991' });

    // A refund owed by bank transfer (decision 216): recorded as sent with its reference.
    expect(screen.getByText('June Alder (june@example.com) · invoice HM-2026-0005 · owed since May 4, 2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record refund as sent: $250.00 to June Alder' }));
    const refundDialog = within(await screen.findByRole('dialog'));
    fireEvent.change(refundDialog.getByLabelText('Transfer reference'), { target: { value: 'RETURN-7' } });
    fireEvent.click(refundDialog.getByRole('button', { name: 'Record refund as sent' }));
    expect(await screen.findByText('No refunds to send')).toBeTruthy();
    const refundCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/refunds/rf-1/sent');
    expect(JSON.parse(String(refundCall?.[1]?.body))).toEqual({ reference: 'RETURN-7' });
  });

  it('shows the history of recorded payments, newest first with more on request, and says when no payout was paid yet', async () => {
    const recorded = (n: number) => ({
      id: `pay-${n}`,
      number: `HM-INV-2026-00000${n}`,
      projectId: 'p-1',
      projectTitle: 'Wordmark',
      milestoneTitle: `Step ${n}`,
      amountCents: 10000 * n,
      status: 'paid',
      provider: 'manual',
      issuedAt: '2026-05-01T10:00:00.000Z',
      dueDate: '2026-05-08',
      paidAt: `2026-05-0${n}T12:00:00.000Z`,
      pdfUrl: `/api/payments/invoices/pay-${n}/pdf`,
      checkoutUrl: null,
      clientName: 'June Alder',
      clientEmail: 'june@example.com',
      clientCompany: n === 3 ? 'Alder & Co' : null,
      reference: `BANK-${n}`,
    });
    const fetchMock = stubFetch({
      ...adminPaymentsTab,
      'GET /api/admin/payments': { status: 200, body: { provider: 'manual', toConfirm: [], toRefund: [], toPay: [], bankDetails: null } },
      'GET /api/admin/payments/history': { status: 200, body: { payments: [recorded(3), recorded(2)], nextCursor: '1777723200000_pay-2' } },
      'GET /api/admin/payments/history?cursor=1777723200000_pay-2': { status: 200, body: { payments: [recorded(1)], nextCursor: null } },
    });
    renderApp('/dashboard-admin?tab=payments');
    const history = within(await screen.findByRole('region', { name: 'History' }, slow));
    const list = within(await history.findByRole('list', { name: 'Recorded payments' }));
    const rows = () => list.getAllByRole('listitem');
    expect(rows()).toHaveLength(2);
    const newest = within(rows()[0]);
    expect(newest.getByText('$300.00')).toBeTruthy();
    expect(newest.getByText('Invoice HM-INV-2026-000003 · Wordmark · Step 3')).toBeTruthy();
    expect(newest.getByText('June Alder, Alder & Co (june@example.com)')).toBeTruthy();
    // Labelled figures: when it was received, and the bank's reference.
    expect(newest.getByText('Received').nextElementSibling?.textContent).toBe('May 3, 2026');
    expect(newest.getByText('Reference').nextElementSibling?.textContent).toBe('BANK-3');
    expect(newest.getByRole('link', { name: 'Invoice PDF, invoice HM-INV-2026-000003' }).getAttribute('href')).toBe('/api/payments/invoices/pay-3/pdf');
    expect(history.getByText('No payouts paid yet')).toBeTruthy();

    fireEvent.click(history.getByRole('button', { name: 'Show more recorded payments' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[2]).getByText('Invoice HM-INV-2026-000001 · Wordmark · Step 1')).toBeTruthy();
    expect(history.queryByRole('button', { name: 'Show more recorded payments' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/payments/history?cursor=1777723200000_pay-2')).toBe(true);
  });

  it('lists Stripe transfers that ran out of attempts, retries one, then says there are none', async () => {
    let failed = [
      {
        id: 'job-1',
        kind: 'transfer',
        status: 'failed',
        amountCents: 18000,
        recipient: { role: 'creator', id: 'maker-1', name: 'Mara Maker', email: 'mara@example.com' },
        projectId: 'p-1',
        projectTitle: 'Wordmark',
        milestoneTitle: 'Milestone 1: Label system',
        invoiceNumber: 'HM-INV-2026-000007',
        attempts: 8,
        lastError: 'Insufficient funds in the platform balance',
        createdAt: '2026-05-01T10:00:00.000Z',
      },
    ];
    const fetchMock = stubFetch({
      ...adminPaymentsTab,
      'GET /api/admin/payments': { status: 200, body: { provider: 'stripe', toConfirm: [], toRefund: [], toPay: [], bankDetails: null } },
      'GET /api/admin/payments/stripe-jobs': () => ({ status: 200, body: { jobs: failed } }),
      'POST /api/admin/payments/stripe-jobs/job-1/retry': () => {
        failed = [];
        return { status: 200, body: {} };
      },
    });
    renderApp('/dashboard-admin?tab=payments');
    const list = within(await screen.findByRole('list', { name: 'Failed transfers and refunds' }, slow));
    expect(list.getByText('Transfer to Mara Maker (mara@example.com), the creator')).toBeTruthy();
    expect(list.getByText('Wordmark · Milestone 1: Label system · invoice HM-INV-2026-000007')).toBeTruthy();
    expect(list.getByText('8 attempts. Last error: Insufficient funds in the platform balance')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Retry the transfer of $180.00 to Mara Maker' }));
    expect(await screen.findByText('No failed transfers or refunds')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/payments/stripe-jobs/job-1/retry' && init?.method === 'POST')).toBe(true);
  });
});
