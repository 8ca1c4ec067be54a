import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { setUpBrowserSessions } from './support/browser';
import { adminRow, expectProjectDialogFor, expectSettledAccessible, fillProjectDialog, isGone, openAdmin, openTab, projectCard, seeText, signedIn } from './story-steps';

/** Story 5: a White Glove request, curated by the admin, becomes a hire from the client's matches. */

const CLIENT = STORY_FX.whiteGloveClient;
const DESCRIPTION = 'A small online shop for our ceramics: twelve products, a story page, and a calm checkout.';
const CHOSEN = STORY_FX.curators[1].name;

const sessions = setUpBrowserSessions();

describe('story 5: White Glove from request to hire', () => {
  let client: Page;

  it('the client submits a request and sees it pending with its due time', async () => {
    client = await signedIn(sessions, CLIENT.email, STORY_FX.password, '/dashboard-client');
    await openTab(client, 'White Glove');
    await client.getByLabel('What do you need?').fill(DESCRIPTION);
    await client.getByLabel('Deliverable type').click();
    await client.getByRole('option', { name: 'web design' }).click();
    await client.getByLabel('Budget (USD)').fill('4800');
    await client.getByRole('button', { name: 'Request White Glove Matching' }).click();
    await seeText(client, "White Glove request submitted! We'll curate 3 perfect matches within 24-48 hours.");
    await seeText(client, 'Your Requests');
    await expect.poll(() => client.getByText(DESCRIPTION).isVisible()).toBe(true);
    await seeText(client, '$4,800');
    await seeText(client, 'Matches due by', false);
    expect(await client.getByRole('button', { name: 'View Matches' }).count()).toBe(0);
  });

  it('the admin curates 3 matches for it', async () => {
    const admin = sessions.keep(await openAdmin(sessions.browser));
    await openTab(admin.page, 'White Glove');
    const row = adminRow(admin.page, DESCRIPTION);
    await expect.poll(() => row.getByText(CLIENT.company, { exact: true }).isVisible()).toBe(true);
    await row.getByRole('button', { name: /Curate Matches/ }).click();
    const dialog = admin.page.getByRole('dialog');
    for (const curator of STORY_FX.curators) {
      await dialog.getByRole('checkbox', { name: new RegExp(curator.name) }).click();
    }
    await expect.poll(() => dialog.getByText('3 of 3 selected').isVisible()).toBe(true);
    await expectSettledAccessible(admin.page);
    await dialog.getByRole('button', { name: 'Save 3 matches' }).click();
    await seeText(admin.page, 'Matches sent to the client!');
    await expect.poll(() => row.getByText('3 curated creators').isVisible()).toBe(true);
  });

  it('the client sees the curated matches, views them and hires one', async () => {
    await client.reload();
    await openTab(client, 'White Glove');
    await seeText(client, 'Curated Matches:');
    await seeText(client, '3 creators selected for you', false);
    await client.getByRole('button', { name: 'View Matches' }).click();
    const matches = client.getByRole('dialog');
    for (const curator of STORY_FX.curators) {
      await expect.poll(() => matches.getByRole('heading', { name: curator.name }).isVisible(), { message: curator.name }).toBe(true);
    }
    expect(await matches.getByRole('listitem').filter({ has: client.getByRole('button', { name: /^Hire Creator/ }) }).count()).toBe(3);
    await expectSettledAccessible(client);
    await matches.getByRole('button', { name: `Hire Creator: ${CHOSEN}` }).click();

    await expectProjectDialogFor(client, CHOSEN);
    await fillProjectDialog(client, { title: 'Story: the ceramics shop', description: DESCRIPTION, type: 'web design', budget: 4800 });
    const card = projectCard(client, 'Story: the ceramics shop');
    await expect.poll(() => card.getByText(`Creator: ${CHOSEN} (Maker)`).isVisible()).toBe(true);
  });

  it('the client keeps a shortlist from the marketplace and the studio, and finds it in Browse (decision 187)', async () => {
    const kept = STORY_FX.curators[0].name;
    await client.goto(`/marketplace?q=${encodeURIComponent(kept)}`);
    const card = client.locator('article', { has: client.getByRole('heading', { name: kept, exact: true }) });
    const heart = card.getByRole('button', { name: `Save ${kept}` });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await seeText(client, 'Saved to your shortlist');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await card.getByRole('link', { name: `View Studio of ${kept}` }).click();
    await expect.poll(() => client.getByRole('heading', { level: 1, name: kept }).isVisible()).toBe(true);
    const studioToggle = client.getByRole('button', { name: 'Saved', exact: true });
    await expect.poll(() => studioToggle.getAttribute('aria-pressed')).toBe('true');
    const studioUrl = client.url();

    await client.goto('/dashboard-client');
    await openTab(client, 'Browse Creators');
    const shortlist = client.getByRole('region', { name: /Saved creators/ });
    await expect.poll(() => shortlist.getByRole('heading', { level: 4, name: kept }).isVisible()).toBe(true);
    expect(await shortlist.getByRole('heading', { level: 4 }).count()).toBe(1);

    // Taken off from the studio, it is gone from Browse.
    await client.goto(studioUrl);
    const toggle = client.getByRole('button', { name: /^Saved?$/ });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toggle.textContent()).toBe('Save');
    await client.goto('/dashboard-client');
    await openTab(client, 'Browse Creators');
    await seeText(client, 'Verified Creators');
    await isGone(client.getByRole('region', { name: /Saved creators/ }));
  });
});
