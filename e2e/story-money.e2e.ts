import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_FX } from './fixtures/money';
import { setUpBrowserSessions } from './support/browser';
import { creatorActions, expectSettledAccessible, openAdmin, openTab, projectCard, seeText, signedIn, statCard } from './story-steps';

/**
 * Money (decisions 170 and 172) in the browser, with the manual provider: money moves with the work. The client funds a milestone and
 * gets an invoice; the admin records the bank transfer; the maker delivers and the client approves; the maker sees
 * the amount less the 10% fee, asks to be paid, and the admin records the payout with a reference; the PDFs open.
 * Then a dispute: funded, delivered, flagged, and cancelled by the admin with a 60/40 split that the ledger and both
 * dashboards agree on.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
const PAID = MONEY_FX.paid.title;
const DISPUTED = MONEY_FX.disputed.title;

const sessions = setUpBrowserSessions();
let client: Page;
let maker: Page;
let admin: Page;

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  client = await signedIn(sessions, MONEY_FX.client.email, MONEY_FX.password, '/dashboard-client');
  maker = await signedIn(sessions, MONEY_FX.maker.email, MONEY_FX.password, '/dashboard-maker');
  admin = sessions.keep(await openAdmin(sessions.browser)).page;
});

/** A screenshot for a person to look at, when E2E_SHOTS_DIR is set: at desktop and at phone width. */
const shoot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
};

const openProjects = async (page: Page) => {
  await page.reload();
  await openTab(page, 'Projects');
};
const openEarnings = async (page: Page) => {
  await page.reload();
  await openTab(page, 'Earnings');
};
const openPayments = async () => {
  await admin.goto('/dashboard-admin?tab=payments');
  await seeText(admin, 'Payments to confirm');
};

const milestoneRow = (page: Page, title: string): Locator => projectCard(page, title).getByRole('listitem', { name: /^Milestone 1:/ });
const figure = (page: Page, label: string) => page.getByRole('tabpanel').getByText(label, { exact: true }).locator('xpath=../..');
const expectFigure = (page: Page, label: string, amount: string) =>
  expect.poll(() => figure(page, label).locator('div').nth(1).textContent(), { timeout: 10000, message: `${label} is ${amount}` }).toBe(amount);

/**
 * Presses ArrowDown and holds it until the focus has moved, as a finger holds a key for a tenth of a second or so:
 * Radix selects the radio the focus lands on only while the arrow is down, and moves the focus on a later tick, which
 * a browser starved of CPU (a CI run) can take longer than a fixed short press to reach.
 */
const arrowDown = async (page: Page) => {
  const before = await page.evaluateHandle(() => document.activeElement);
  await page.keyboard.down('ArrowDown');
  try {
    await page.waitForFunction((element) => document.activeElement !== element, before, { timeout: 5000 });
  } finally {
    await page.keyboard.up('ArrowDown');
    await before.dispose();
  }
};

/** A PDF link answers with a PDF, to the person it belongs to. */
const expectPdf = async (page: Page, href: string | null) => {
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await response.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
};

const reconciliationTotal = async () => {
  await openPayments();
  await expect.poll(() => admin.getByTestId('reconciliation-total').textContent(), { timeout: 10000 }).toBe('$0.00');
};

/** The maker accepts the draft; the milestone then waits for the client's money, and both sides see that. */
const acceptAndFund = async (title: string, amount: string) => {
  await openProjects(maker);
  await creatorActions(maker).accept(title);
  await expect.poll(() => milestoneRow(maker, title).getByText('Awaiting funding', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);

  await openProjects(client);
  const row = milestoneRow(client, title);
  await expect.poll(() => row.getByText('Awaiting funding', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);
  await row.getByRole('button', { name: /^Fund milestone 1/ }).click();
  const dialog = client.getByRole('dialog');
  await seeText(dialog, 'Held until you approve.');
  await seeText(dialog, 'Refunded if cancelled before delivery.');
  await shoot(client, `money-fund-dialog-${title === PAID ? 'paid' : 'disputed'}`);
  await dialog.getByRole('button', { name: `Fund milestone (${amount})` }).click();
  await expect.poll(() => dialog.getByRole('heading', { name: /^Invoice .+ issued$/ }).isVisible(), { timeout: 10000 }).toBe(true);
  const heading = (await dialog.getByRole('heading', { name: /^Invoice .+ issued$/ }).textContent()) ?? '';
  const invoiceNumber = heading.replace(/^Invoice /, '').replace(/ issued$/, '');
  return { dialog, invoiceNumber };
};

const confirmPayment = async (invoiceNumber: string) => {
  await openPayments();
  await admin.getByRole('button', { name: `Payment received for invoice ${invoiceNumber}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Bank reference').fill(`BANK-${invoiceNumber}`);
  await dialog.getByRole('button', { name: 'Payment received' }).click();
  await seeText(admin, 'Payment recorded as received');
};

const deliver = async (title: string) => {
  await openProjects(maker);
  await expect.poll(() => milestoneRow(maker, title).getByText('Funded, held in escrow', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);
  await creatorActions(maker).submitDeliverable(title);
};

describe('money that moves with the work (manual provider)', () => {
  let invoiceNumber = '';

  it('the client funds the milestone after reading how escrow works, and the invoice PDF opens', async () => {
    const funded = await acceptAndFund(PAID, '$500.00');
    invoiceNumber = funded.invoiceNumber;
    expect(invoiceNumber).not.toBe('');
    await expectSettledAccessible(client);
    await expectPdf(client, await funded.dialog.getByRole('link', { name: 'Download invoice (PDF)' }).getAttribute('href'));
    await funded.dialog.getByRole('button', { name: 'Done' }).click();

    const row = milestoneRow(client, PAID);
    await seeText(row, 'Waiting for the payment to be confirmed');
    await seeText(row, `Invoice ${invoiceNumber}`);
    await openTab(client, 'Invoices');
    const invoice = client.getByRole('tabpanel').getByRole('listitem', { name: new RegExp(`^Invoice ${invoiceNumber}`) });
    await seeText(invoice, 'Awaiting payment');
    await expectPdf(client, await invoice.getByRole('link', { name: /Download invoice \(PDF\)/ }).getAttribute('href'));
    await shoot(client, 'money-client-invoices');
  });

  it('the admin records the payment as received, and the milestone is funded for both sides', async () => {
    await openPayments();
    await shoot(admin, 'money-admin-payments');
    await expectSettledAccessible(admin);
    await confirmPayment(invoiceNumber);
    await openProjects(client);
    await expect.poll(() => milestoneRow(client, PAID).getByText('Funded, held in escrow', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);
    await shoot(client, 'money-client-project');
    await openEarnings(maker);
    await expectFigure(maker, 'In escrow', '$500.00');
    await expectFigure(maker, 'Available', '$0.00');
  });

  it('the maker delivers, the client approves, and the maker has the amount less the 10% fee available', async () => {
    await deliver(PAID);
    await openProjects(client);
    await projectCard(client, PAID).getByRole('button', { name: 'Approve Work' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Approve Work' }).click();
    await seeText(client, 'Project completed!');
    await expect.poll(() => milestoneRow(client, PAID).getByText('Released to the creator', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);

    await openEarnings(maker);
    await expectFigure(maker, 'Available', '$450.00');
    await expectFigure(maker, 'In escrow', '$0.00');
    await expectFigure(maker, 'Earned total', '$450.00');
    await shoot(maker, 'money-maker-earnings');
  });

  it('the maker requests a payout of the available balance', async () => {
    await maker.getByRole('tabpanel').getByRole('button', { name: 'Request payout' }).click();
    const dialog = maker.getByRole('dialog');
    // No payout details yet: the dialog asks where to pay first (decision 173), then keeps only the last 4 characters in view.
    await expect.poll(() => dialog.getByRole('heading', { name: 'Where should we pay you?' }).isVisible(), { timeout: 10000 }).toBe(true);
    await dialog.getByLabel('Account holder name').fill(MONEY_FX.maker.name);
    await dialog.getByLabel('IBAN or account number').fill('GB33 BUKB 2020 1555 5555 55');
    await shoot(maker, 'money-payout-details');
    await dialog.getByRole('button', { name: 'Save payout details' }).click();
    await seeText(dialog, 'IBAN •••• 5555');
    await expect.poll(() => dialog.getByLabel('Amount (US dollars)').inputValue()).toBe('450.00');
    await expectSettledAccessible(maker);
    await shoot(maker, 'money-payout-dialog');
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await seeText(maker, 'Payout requested');
    const payout = maker.getByRole('tabpanel').getByRole('listitem', { name: 'Payout of $450.00' });
    await seeText(payout, 'Requested');
    await expectFigure(maker, 'Available', '$0.00');
  });

  it('the admin records the payout as paid with a reference; the maker sees it paid out and the receipt opens', async () => {
    await openPayments();
    await admin.getByRole('button', { name: `Record as paid: $450.00 to ${MONEY_FX.maker.name}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Transfer reference').fill('TRF-450-E2E');
    await dialog.getByRole('button', { name: 'Record as paid' }).click();
    await seeText(admin, 'Payout recorded as paid');
    await seeText(admin, 'No payouts to pay');
    await reconciliationTotal();

    await openEarnings(maker);
    // The audit log alone says what moved: the document, the amount and, for a payout, the payee.
    await admin.goto('/dashboard-admin?tab=audit');
    const paidEntry = admin.getByRole('listitem').filter({ hasText: 'Payout recorded as paid' });
    await expect.poll(() => paidEntry.textContent(), { timeout: 10000 }).toMatch(new RegExp(`Receipt \\S+ · \\$450\\.00 · to ${MONEY_FX.maker.name}`));
    await seeText(paidEntry, 'Reference: “TRF-450-E2E”');
    await expect.poll(() => admin.getByRole('listitem').filter({ hasText: 'Payment received' }).first().textContent()).toMatch(/Invoice \S+ · \$500\.00/);
    await expectFigure(maker, 'Paid out', '$450.00');
    await expectFigure(maker, 'Available', '$0.00');
    const payout = maker.getByRole('tabpanel').getByRole('listitem', { name: 'Payout of $450.00' });
    await seeText(payout, 'Paid');
    await seeText(payout, 'Reference TRF-450-E2E', false);
    await expectPdf(maker, await payout.getByRole('link', { name: /Download receipt \(PDF\)/ }).getAttribute('href'));
    // The stat card reads the same ledger.
    await expect.poll(() => statCard(maker, 'Total Earnings').textContent(), { timeout: 10000 }).toContain('$450.00');
    await shoot(maker, 'money-maker-paid');
  });
});

describe('a dispute split 60/40', () => {
  it('funded, delivered and flagged by the client', async () => {
    const { dialog, invoiceNumber } = await acceptAndFund(DISPUTED, '$1,000.00');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await confirmPayment(invoiceNumber);
    await deliver(DISPUTED);
    await openProjects(client);
    await projectCard(client, DISPUTED).getByRole('button', { name: 'Flag Work' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Flag Work' }).click();
    await seeText(client, 'Work flagged for admin review');
  });

  it('the admin reviews the work before deciding: the milestone, its delivery and money, then the thread with each sender named', async () => {
    await admin.goto('/dashboard-admin?tab=projects');
    await admin.getByRole('button', { name: 'Flagged for review' }).click();
    const row = admin.getByRole('tabpanel').getByRole('listitem').filter({ has: admin.getByRole('heading', { name: DISPUTED }) });
    const review = row.getByRole('button', { name: 'Review the work' });
    await review.click();
    await expect.poll(() => review.getAttribute('aria-expanded')).toBe('true');
    const milestone = row.getByRole('listitem', { name: /^Milestone 1:/ });
    await expect.poll(() => milestone.getByText('Funded, held in escrow', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);
    // One milestone: its delivery is the project's, linked once by the Deliverable section (decision 201).
    await expect.poll(() => row.getByRole('link', { name: 'View deliverable' }).isVisible()).toBe(true);
    await expectSettledAccessible(admin);
    await row.getByRole('link', { name: 'Read the conversation' }).click();
    const heading = admin.getByRole('heading', { name: `${MONEY_FX.client.name} and ${MONEY_FX.maker.name}` });
    await expect.poll(() => heading.isVisible(), { timeout: 10000 }).toBe(true);
    await seeText(admin, 'You are reading this conversation because a project in it was flagged.');
    // The flag is in the thread, as the project's events are; the admin can read, not write.
    await seeText(admin, 'flagged the work on', false);
    expect(await admin.getByRole('textbox').count()).toBe(0);
    await expectSettledAccessible(admin);
  });

  it('the admin cancels with the creator getting 60%, chosen by keyboard in the radio group', async () => {
    await admin.goto('/dashboard-admin?tab=projects');
    await admin.getByRole('button', { name: 'Flagged for review' }).click();
    const row = admin.getByRole('tabpanel').getByRole('listitem').filter({ hasText: DISPUTED });
    await row.getByRole('button', { name: 'Cancel project' }).click();
    const dialog = admin.getByRole('dialog');
    await seeText(dialog, '$1,000.00 is held in escrow for milestone 1', false);
    const refund = dialog.getByRole('radio', { name: 'Refund the client' });
    await expect.poll(() => refund.getAttribute('aria-checked')).toBe('true');
    // Into the group, then by arrow keys: each moves the choice as well as the focus. Radix moves the focus on the
    // next tick and selects only while the arrow is down, so the key is held as a person's finger holds it.
    await refund.click();
    await expect.poll(() => refund.evaluate((element) => element === document.activeElement)).toBe(true);
    await arrowDown(admin);
    await expect.poll(() => dialog.getByRole('radio', { name: 'Release to the creator' }).getAttribute('aria-checked')).toBe('true');
    await arrowDown(admin);
    await expect.poll(() => dialog.getByRole('radio', { name: 'Split by amount' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByLabel('Creator’s share (US dollars, before the fee)').fill('600');
    await dialog.getByLabel('Note (optional)').fill('Half the brief was delivered well; the seal handle was not.');
    await expectSettledAccessible(admin);
    await shoot(admin, 'money-admin-cancel-split');
    await dialog.getByRole('button', { name: 'Cancel project' }).click();
    await seeText(admin, 'Project cancelled');
  });

  it('the ledger balances and both dashboards agree: $540.00 to the maker after the fee, $400.00 back to the client', async () => {
    await reconciliationTotal();
    await shoot(admin, 'money-admin-reconciliation');

    await openEarnings(maker);
    await expectFigure(maker, 'Available', '$540.00');
    await expectFigure(maker, 'Earned total', '$990.00');
    await expectFigure(maker, 'In escrow', '$0.00');

    await openProjects(client);
    const row = milestoneRow(client, DISPUTED);
    await expect.poll(() => row.getByText('Split by the platform', { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);
    await seeText(row, 'Released to the creator: $540.00 after the fee');
    await seeText(row, 'Refunded to the client: $400.00');
    await shoot(client, 'money-client-split');
    await openProjects(maker);
    await seeText(milestoneRow(maker, DISPUTED), 'Refunded to the client: $400.00');
  });
});
