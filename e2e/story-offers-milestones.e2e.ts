import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SOCKET_PORT } from '../src/server/db/socket';
import { OFFERS_FX } from './fixtures/offers';
import { setUpBrowserSessions } from './support/browser';
import { expectSettledAccessible, fundMilestone, openTab, pngFile, projectCard, seeText, signedIn, statFigure } from './story-steps';

/**
 * Offers and milestones (decision 151) in the browser: the maker sends an offer in three milestones, the client asks for a change and accepts
 * version 2; milestone 1 is revised once and approved, milestone 2 is approved by time (the test moves the
 * scheduler's clock in the running server's database), milestone 3 completes the project, and the maker's earnings
 * grow at each approval.
 */

const TITLE = OFFERS_FX.project.title;
const SHOTS = process.env.E2E_SHOTS_DIR;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const MILESTONES = [
  { title: 'Label system', amount: '300', due: day(7) },
  { title: 'The three tins', amount: '400', due: day(14) },
  { title: 'Gift box', amount: '200', due: day(21) },
];

const sessions = setUpBrowserSessions();
let client: Page;
let maker: Page;

beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

const session = async (email: string, landing: string) => {
  const page = await signedIn(sessions, email, OFFERS_FX.password, landing);
  await openTab(page, 'Projects');
  return page;
};

/** A screenshot for a person to look at, when E2E_SHOTS_DIR is set; at phone width too. */
const shoot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
};

const card = (page: Page) => projectCard(page, TITLE);
const milestoneRow = (page: Page, position: number): Locator => card(page).getByRole('listitem', { name: new RegExp(`^Milestone ${position}:`) });
const offerVersion = (page: Page, version: number): Locator => card(page).getByRole('listitem', { name: `Offer version ${version}` });
const earnings = (page: Page) => statFigure(page, 'Total Earnings');
/** Earnings come from the ledger (decision 170): each funded milestone, released on approval less the 10% fee. */
const expectEarnings = (page: Page, dollars: number) =>
  expect.poll(() => earnings(page).textContent(), { timeout: 10000 }).toBe(`$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
const EARNED_BEFORE = 0;

const refreshed = async (page: Page) => {
  await page.reload();
  await openTab(page, 'Projects');
};

const answerInDialog = async (page: Page, opener: string, label: string, note: string, confirm: string, toast: string) => {
  await card(page).getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label).fill(note);
  await dialog.getByRole('button', { name: confirm }).click();
  await seeText(page, toast);
};

const submitMilestone = async (position: number) => {
  await card(maker).getByRole('button', { name: `Submit Milestone ${position}` }).click();
  const dialog = maker.getByRole('dialog');
  await expect.poll(() => dialog.textContent()).toContain(`milestone ${position}`);
  await dialog.getByLabel('Deliverable file').setInputFiles(await pngFile(`milestone-${position}.png`, '#2f4a3a'));
  await dialog.getByRole('button', { name: 'Submit for Review' }).click();
  await seeText(maker, 'Deliverable submitted for review!');
  await expect.poll(() => milestoneRow(maker, position).getByText('Submitted', { exact: true }).isVisible()).toBe(true);
};

const approveMilestone = async (position: number, toast: string) => {
  await refreshed(client);
  await card(client).getByRole('button', { name: `Approve Milestone ${position}` }).click();
  await client.getByRole('dialog').getByRole('button', { name: 'Approve Work' }).click();
  await seeText(client, toast);
  await expect.poll(() => milestoneRow(client, position).getByText('Approved', { exact: true }).isVisible()).toBe(true);
};

/** Moves the scheduler's clock: the submitted milestone's wait, and its pending approval job, ended a minute ago. */
const endReviewWait = async (position: number) => {
  const db = new pg.Client({ host: inject('dataDir'), port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
  // A dropped connection fails the query below, not the test process.
  db.on('error', () => undefined);
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `update project_milestones set auto_approve_at = now() - interval '1 minute'
        where status = 'submitted' and position = $2 and project_id = (select id from projects where title = $1)
        returning id`,
      [TITLE, position],
    );
    expect(rows).toHaveLength(1);
    const jobs = await db.query(
      `update jobs set run_at = now() - interval '1 minute' where kind = 'milestone.auto_approve' and status = 'pending' and payload->>'milestoneId' = $1`,
      [rows[0].id],
    );
    expect(jobs.rowCount).toBe(1);
  } finally {
    await db.end();
  }
};

describe('offers, milestones, revisions and approval by time', () => {
  it('the maker sends an offer in three milestones, checked to add up to the price', async () => {
    maker = await session(OFFERS_FX.maker.email, '/dashboard-maker');
    await expectEarnings(maker, EARNED_BEFORE);
    await card(maker).getByRole('button', { name: 'Send an Offer' }).click();
    const dialog = maker.getByRole('dialog', { name: 'Send an offer' });
    await dialog.getByLabel('Price (whole dollars)').fill('900');
    await dialog.getByRole('button', { name: 'Add a milestone' }).click();
    await dialog.getByRole('button', { name: 'Add a milestone' }).click();
    const rows = dialog.getByRole('listitem');
    for (const [index, milestone] of MILESTONES.entries()) {
      await dialog.getByLabel(`Milestone ${index + 1} title`).fill(milestone.title);
      await rows.nth(index).getByLabel('Amount ($)').fill(index === 2 ? '150' : milestone.amount);
      await rows.nth(index).getByLabel('Due date').fill(milestone.due);
    }
    await seeText(dialog, 'left to assign', false);
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await seeText(dialog, 'The milestone amounts must add up to the price');
    await rows.nth(2).getByLabel('Amount ($)').fill('200');
    await expect.poll(() => dialog.getByText('Adds up to').first().textContent()).toBe('Adds up to $900 of $900');
    await dialog.getByRole('radio', { name: '1', exact: true }).click();
    await dialog.getByLabel('Note to the client (optional)').fill('Labels first, so the tins can follow them.');
    await shoot(maker, 'offer-dialog');
    await expectSettledAccessible(maker);
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await seeText(maker, 'Offer sent to the client');
    await expect.poll(() => offerVersion(maker, 1).getByText('Waiting for the client').isVisible()).toBe(true);
  });

  it('the client asks for a change, and the maker sends version 2', async () => {
    client = await session(OFFERS_FX.client.email, '/dashboard-client');
    await expect.poll(() => offerVersion(client, 1).textContent()).toContain('Label system');
    await expect.poll(() => offerVersion(client, 1).getByText('Waiting for your answer').isVisible()).toBe(true);
    await shoot(client, 'client-offer-v1');
    await expectSettledAccessible(client);
    await answerInDialog(client, 'Ask for Changes', 'What should change?', 'Could we have two revision rounds?', 'Send Note', 'Your note was sent. The creator can send a new version.');
    await expect.poll(() => offerVersion(client, 1).getByText('Changes requested').isVisible()).toBe(true);

    await refreshed(maker);
    await expect.poll(() => offerVersion(maker, 1).textContent()).toContain('Could we have two revision rounds?');
    await card(maker).getByRole('button', { name: 'Send a New Version' }).click();
    const dialog = maker.getByRole('dialog', { name: 'Send version 2 of your offer' });
    await expect.poll(() => dialog.getByLabel('Milestone 3 title').inputValue()).toBe('Gift box');
    await dialog.getByRole('radio', { name: '2', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await seeText(maker, 'Offer sent to the client');
    // An answered version keeps its answer beside the new one.
    await expect.poll(() => offerVersion(maker, 2).getByText('Waiting for the client').isVisible()).toBe(true);
    await expect.poll(() => offerVersion(maker, 1).getByText('Changes requested').isVisible()).toBe(true);
  });

  it('the client accepts version 2, and the first milestone starts', async () => {
    await refreshed(client);
    await expect.poll(() => offerVersion(client, 2).textContent()).toContain('2 revision rounds');
    await card(client).getByRole('button', { name: 'Accept Offer' }).click();
    // Accepting commits the price: a confirmation states it first.
    const confirm = client.getByRole('dialog', { name: 'Accept version 2 of the offer?' });
    await expect.poll(() => confirm.isVisible(), { timeout: 10000 }).toBe(true);
    await confirm.getByRole('button', { name: 'Accept Offer' }).click();
    await seeText(client, 'Offer accepted. The first milestone has started.');
    await expect.poll(() => milestoneRow(client, 1).getByText('In progress').isVisible()).toBe(true);
    await expect.poll(() => card(client).getByText('Revision rounds left:').textContent()).toBe('Revision rounds left: 2');
    await shoot(client, 'client-active');
    await expectSettledAccessible(client);
    await fundMilestone(sessions.browser, client, TITLE, 1);
  });

  it('milestone 1 is submitted, revised once, submitted again and approved', async () => {
    await refreshed(maker);
    await submitMilestone(1);

    await refreshed(client);
    await expect.poll(() => milestoneRow(client, 1).textContent()).toContain('Approves automatically on');
    await shoot(client, 'client-in-review');
    await answerInDialog(client, 'Ask for a Revision', 'What should change?', 'The green is too cold; warm it a little.', 'Ask for Revision', 'Revision requested');
    await expect.poll(() => card(client).getByText('Revision rounds left:').textContent()).toBe('Revision rounds left: 1');

    await refreshed(maker);
    await expect.poll(() => milestoneRow(maker, 1).textContent()).toContain('The green is too cold; warm it a little.');
    await shoot(maker, 'maker-revision');
    await expectSettledAccessible(maker);
    await submitMilestone(1);

    await approveMilestone(1, 'Milestone approved. The next one has started.');
    await refreshed(maker);
    await expectEarnings(maker, EARNED_BEFORE + 270);
  });

  it('milestone 2 is approved by time when the client stays silent', async () => {
    await expect.poll(() => milestoneRow(maker, 2).getByText('In progress').isVisible()).toBe(true);
    await fundMilestone(sessions.browser, client, TITLE, 2);
    await submitMilestone(2);
    await endReviewWait(2);
    // The scheduler polls every few seconds; reload until the approval it makes shows.
    await expect
      .poll(
        async () => {
          await refreshed(maker);
          return milestoneRow(maker, 2).textContent();
        },
        { timeout: 30000, interval: 2000 },
      )
      .toContain('Approved automatically on');
    // The figure is read once per page load, and a reload can read it just before the job's transaction commits
    // while the milestone list is read just after: reload until the release shows too.
    await expect
      .poll(
        async () => {
          await refreshed(maker);
          return earnings(maker).textContent();
        },
        { timeout: 30000, interval: 2000 },
      )
      .toBe(`$${(EARNED_BEFORE + 630).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await shoot(maker, 'maker-auto-approved');

    await card(maker).getByRole('link', { name: 'Open conversation' }).click();
    await maker.waitForURL((url) => url.pathname.startsWith('/inbox/'), { timeout: 15000 });
    await seeText(maker, 'was approved automatically', false);
    await maker.goto('/dashboard-maker');
    await openTab(maker, 'Projects');
  });

  it('the client approves milestone 3, the project completes and the earnings show each step', async () => {
    await fundMilestone(sessions.browser, client, TITLE, 3);
    await submitMilestone(3);
    await approveMilestone(3, 'Project completed!');
    await expect.poll(() => card(client).getByText('Completed', { exact: true }).first().isVisible()).toBe(true);
    await shoot(client, 'client-completed');
    await expectSettledAccessible(client);
    await refreshed(maker);
    await expectEarnings(maker, EARNED_BEFORE + 810);
  });
});
