import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { setUpBrowserSessions } from './support/browser';
import {
  adminRow,
  creatorActions,
  expectProjectDialogFor,
  expectSettledAccessible,
  fillProjectDialog,
  isGone,
  openAdmin,
  openTab,
  projectCard,
  seeText,
  signedIn,
} from './story-steps';

/**
 * Story 3: the client flags delivered work; the admin finds it under the flagged filter with its reason and
 * clears the flag, which hands the work back to the client. A creator declines another draft.
 */

const REVIEW = STORY_FX.reviewProject;
const DRAFT = 'Story: a name for the winter market';

const sessions = setUpBrowserSessions();

const clientSession = () => signedIn(sessions, STORY_FX.client.email, STORY_FX.password, '/dashboard-client');

const clientProjects = async (page: Page) => {
  await page.reload();
  await openTab(page, 'Projects');
};

describe('story 3: flagged work goes to the admin; a creator declines a draft', () => {
  let client: Page;

  it('the client flags the work in review: toast, flagged badge, still in review', async () => {
    client = await clientSession();
    await openTab(client, 'Projects');
    const card = projectCard(client, REVIEW);
    await expect.poll(() => card.getByRole('link', { name: 'View deliverable' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Flag Work' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Flag Work' }).click();
    await seeText(client, 'Work flagged for admin review');
    await expect.poll(() => card.getByText('Flagged', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('In review', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: 'Approve Work' }).count()).toBe(0);
    await expectSettledAccessible(client);
  });

  it('the admin sees it under the flagged filter with its reason, and clears the flag', async () => {
    const admin = sessions.keep(await openAdmin(sessions.browser));
    await openTab(admin.page, 'Projects');
    await admin.page.getByRole('button', { name: 'Flagged for review' }).click();
    await expect.poll(() => admin.page.getByRole('button', { name: 'Flagged for review' }).getAttribute('aria-pressed')).toBe('true');
    const row = adminRow(admin.page, REVIEW);
    await expect.poll(() => row.getByText('Client flagged for review').isVisible()).toBe(true);
    await expectSettledAccessible(admin.page);
    await row.getByRole('button', { name: 'Clear flag' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Clear flag' }).click();
    await seeText(admin.page, 'Flag cleared. The project is back with the client for review.');
    await isGone(row);

    await clientProjects(client);
    const card = projectCard(client, REVIEW);
    await expect.poll(() => card.getByText('In review', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: 'Approve Work' }).isVisible()).toBe(true);
    expect(await card.getByText('Flagged', { exact: true }).count()).toBe(0);
  });

  it('the client sends a draft to a mind, who declines it: cancelled and unassigned', async () => {
    await openTab(client, 'Browse Creators');
    await client.getByLabel('Search creators').fill(STORY_FX.mind.name);
    await client.getByRole('button', { name: `Hire Creator: ${STORY_FX.mind.name}` }).click();
    await expectProjectDialogFor(client, STORY_FX.mind.name);
    await fillProjectDialog(client, { title: DRAFT, description: 'Three name ideas for our winter market stall, with a short rationale.', type: 'content marketing', budget: 400 });

    const mind = await signedIn(sessions, STORY_FX.mind.email, STORY_FX.password, '/dashboard-mind');
    await openTab(mind, 'Projects');
    await expect.poll(() => projectCard(mind, DRAFT).getByText('Draft', { exact: true }).isVisible()).toBe(true);
    await creatorActions(mind).decline(DRAFT);
    await isGone(projectCard(mind, DRAFT));

    await clientProjects(client);
    const card = projectCard(client, DRAFT);
    await expect.poll(() => card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('No creator assigned yet').isVisible()).toBe(true);
  });
});
