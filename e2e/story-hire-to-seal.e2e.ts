import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { expectAccessible, expectPath, setUpBrowserSessions } from './support/browser';
import {
  adminRow,
  creatorActions,
  expectProjectDialogFor,
  fillProjectDialog,
  fundMilestone,
  openAdmin,
  openTab,
  projectCard,
  seeText,
  signedIn,
  statCard,
  statFigure,
  submitLogin,
} from './story-steps';

/**
 * Story 2: a client hires a maker from the maker's studio page and the work goes from draft to completed.
 * Story 4: that completed project is the maker's third with process docs, so the admin can give them the Seal,
 * which then shows on their studio, their marketplace card and their dashboard header.
 */

const MAKER = STORY_FX.hireMaker;
const SEAL = 'Verified Human Creator';
const BUDGET = 850;
const TITLE = 'Story: a painted sign for the new deli';
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
/** Earnings are read from the ledger (decision 170): only funded money released on approval, less the 10% fee. */
const EARNED_BEFORE = 0;
const RELEASED = BUDGET * 100 * 0.9;

const sessions = setUpBrowserSessions();
const session = async () => (await sessions.open()).page;

const earnings = (page: Page) => statFigure(page, 'Total Earnings');

describe('story 2: hiring a maker from their studio, through to completed work', () => {
  let client: Page;
  let maker: Page;

  it('an anonymous visitor hires from the studio, logs in as a client and lands in the project dialog with the maker chosen', async () => {
    client = await session();
    await client.goto(`/marketplace?q=${encodeURIComponent(MAKER.name)}`);
    await client.getByRole('link', { name: `View Studio of ${MAKER.name}` }).click();
    await expect.poll(() => client.getByRole('heading', { level: 1 }).textContent()).toBe(MAKER.name);
    const studioPath = new URL(client.url()).pathname;

    await client.getByRole('link', { name: 'Hire This Maker' }).click();
    await expectPath(client, '/auth');
    expect(new URL(client.url()).searchParams.get('redirect')).toBe(`${studioPath}?hire=1`);
    await submitLogin(client, STORY_FX.client.email, STORY_FX.password);
    await expectPath(client, '/dashboard-client');

    await expectProjectDialogFor(client, MAKER.name);
    await expectAccessible(client);
    await fillProjectDialog(client, { title: TITLE, description: 'Gold leaf on the window, and a hanging sign in our green.', type: 'logo design', budget: BUDGET });
    const card = projectCard(client, TITLE);
    await expect.poll(() => card.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText(`Creator: ${MAKER.name} (Maker)`).isVisible()).toBe(true);
  });

  it('the maker accepts, documents the process and submits a PNG deliverable from the Projects tab', async () => {
    maker = await signedIn(sessions, MAKER.email, STORY_FX.password, '/dashboard-maker');
    await expect.poll(() => earnings(maker).textContent()).toBe(money(EARNED_BEFORE));
    await expect.poll(() => statCard(maker, 'Active Projects').textContent()).toBe('Active Projects0');
    await openTab(maker, 'Projects');
    const actions = creatorActions(maker);
    await actions.accept(TITLE);
    await expect.poll(() => statCard(maker, 'Active Projects').textContent()).toBe('Active Projects1');
    await fundMilestone(sessions.browser, client, TITLE);
    await actions.uploadProcessDoc(TITLE, 'Layout sketches on tracing paper');
    await actions.submitDeliverable(TITLE);
    await expect.poll(() => projectCard(maker, TITLE).getByText('In review', { exact: true }).isVisible()).toBe(true);
  });

  it('the client approves the work and the maker’s total earnings rise by the funded budget less the fee', async () => {
    await client.reload();
    await openTab(client, 'Projects');
    const card = projectCard(client, TITLE);
    await expect.poll(() => card.getByText('In review', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('img', { name: 'Layout sketches on tracing paper' }).isVisible()).toBe(true);
    // The process record: the sketch and the deliverable, fingerprinted at upload; Verify rechecks them now.
    await card.getByText('Process record', { exact: true }).click();
    const entries = card.getByRole('list', { name: 'Process record entries' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    await card.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => card.getByRole('status').filter({ hasText: 'Verified: the chain holds and every file matches its fingerprint (2 entries).' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Approve Work' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Approve Work' }).click();
    await seeText(client, 'Project completed!');
    await expect.poll(() => card.getByText('Completed', { exact: true }).isVisible()).toBe(true);

    await maker.reload();
    await expect.poll(() => earnings(maker).textContent()).toBe(money(EARNED_BEFORE + RELEASED));
    await expect.poll(() => projectCard(maker, TITLE).getByText('Completed', { exact: true }).isVisible()).toBe(true);
  });
});

describe('story 4: the Seal for three completed, documented projects', () => {
  let adminPage: Page;
  let visitorPage: Page;

  it('the maker is eligible with 3 projects; Assign Seal gives the badge on the studio, the card and the dashboard', async () => {
    const maker = await signedIn(sessions, MAKER.email, STORY_FX.password, '/dashboard-maker');
    await expect.poll(() => statCard(maker, 'Application Status').textContent()).toContain('Approved');
    expect(await maker.locator('header').getByRole('img', { name: SEAL }).count()).toBe(0);

    const admin = sessions.keep(await openAdmin(sessions.browser));
    adminPage = admin.page;
    await openTab(admin.page, 'Seal');
    const row = admin.page.getByRole('list', { name: 'Eligible makers' }).getByRole('listitem').filter({ hasText: MAKER.name });
    await expect.poll(() => row.getByText('3 completed projects with process docs').isVisible()).toBe(true);
    await row.getByRole('button', { name: `Assign Seal to ${MAKER.name}` }).click();
    await seeText(admin.page, 'Seal assigned!');
    const holder = admin.page.getByRole('list', { name: 'Verified makers' }).getByRole('listitem').filter({ hasText: MAKER.name });
    await expect.poll(() => holder.getByRole('img', { name: SEAL }).isVisible()).toBe(true);
    expect(await adminRow(admin.page, MAKER.name).count()).toBe(1);

    const visitor = await session();
    visitorPage = visitor;
    await visitor.goto(`/marketplace?q=${encodeURIComponent(MAKER.name)}`);
    const card = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: MAKER.name }) });
    await expect.poll(() => card.getByRole('img', { name: SEAL }).isVisible()).toBe(true);
    await card.getByRole('link', { name: `View Studio of ${MAKER.name}` }).click();
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe(MAKER.name);
    await expect.poll(() => visitor.getByRole('main').getByRole('img', { name: SEAL }).first().isVisible()).toBe(true);
    await expectAccessible(visitor);

    await maker.reload();
    await expect.poll(() => maker.locator('header').getByRole('img', { name: SEAL }).first().isVisible()).toBe(true);
    await expect.poll(() => statCard(maker, 'Application Status').getByText('Verified', { exact: true }).isVisible()).toBe(true);
  });

  it('the studio offers the Seal as a signed credential: /verify says valid, and revoked once the admin revokes it', async () => {
    const visitor = visitorPage;
    const [download] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('link', { name: 'Download credential' }).click()]);
    const file = await download.path();
    const credential = (await import('node:fs/promises')).readFile(file, 'utf8');
    expect(JSON.parse(await credential).type).toBe('EnvelopedVerifiableCredential');

    await visitor.getByRole('link', { name: 'Verify this Seal' }).click();
    await expectPath(visitor, '/verify');
    const result = visitor.getByRole('status').filter({ hasText: 'Valid: this Seal was issued by Humanmade and is in force.' });
    await expect.poll(() => result.isVisible()).toBe(true);
    await expect.poll(() => visitor.getByRole('region', { name: 'Result' }).textContent()).toContain(MAKER.name);
    await expectAccessible(visitor);

    await openTab(adminPage, 'Seal');
    await adminPage.getByRole('button', { name: `Revoke Seal from ${MAKER.name}` }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Revoke Seal' }).click();
    await seeText(adminPage, 'Seal revoked');

    // The file kept from before: pasted (or uploaded) into /verify, it now reads as revoked.
    await visitor.goto('/verify');
    await visitor.getByLabel('Or upload the credential file').setInputFiles(file);
    await expect.poll(() => visitor.getByLabel('Credential', { exact: true }).inputValue()).toContain('EnvelopedVerifiableCredential');
    await visitor.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => visitor.getByRole('status').filter({ hasText: 'Revoked: this Seal was issued by Humanmade and has since been withdrawn.' }).isVisible()).toBe(true);
  });
});
