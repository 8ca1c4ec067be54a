import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../src/domain/reviews';
import { REVIEWS_FX } from './fixtures/reviews';
import { setUpBrowserSessions } from './support/browser';
import { adminRow, expectSettledAccessible, openAdmin, openTab, projectCard, seeText, signedIn } from './story-steps';

/**
 * Story: reviews. The client approves the work, which completes the project; their review waits unseen; the maker
 * reviews too and both appear; the marketplace card shows the stars; the maker reports the harsh review, the admin
 * hides it, and the average moves back.
 */
const sessions = setUpBrowserSessions();

const session = (email: string, landing: string) => signedIn(sessions, email, REVIEWS_FX.password, landing);

const rateIn = async (scope: ReturnType<Page['locator']>, legend: string, stars: number) => {
  // The radio itself is visually hidden inside its pill: a person clicks the pill.
  const pill = scope.getByRole('group', { name: legend }).locator('label', { hasText: `${stars} star` });
  await pill.click();
  await expect.poll(() => pill.locator('input').isChecked()).toBe(true);
};

const studioAverage = async (page: Page, makerId: string) => {
  await page.goto(`/studio/${makerId}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect.poll(() => reviews.isVisible()).toBe(true);
  return reviews;
};

describe('story: double-blind reviews', () => {
  let client: Page;
  let maker: Page;
  let makerId: string;

  it('the client completes the project and writes a review, which waits unseen', async () => {
    client = await session(REVIEWS_FX.client.email, '/dashboard-client');
    await openTab(client, 'Projects');
    const card = projectCard(client, REVIEWS_FX.project);
    await card.getByRole('button', { name: 'Approve Work' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Approve Work' }).click();
    await seeText(client, 'Project completed!');
    // 'Approve Work' is gone from the finished card: focus is on the card's heading, not the page's start.
    await expect.poll(() => client.evaluate(() => document.activeElement?.tagName)).toBe('H3');
    await expect.poll(() => card.getByRole('group', { name: 'Overall rating' }).isVisible(), { timeout: 10000 }).toBe(true);
    await rateIn(card, 'Overall rating', 2);
    await card.getByRole('button', { name: 'Save review' }).click();
    // Missing fields are named, each at its field.
    await seeText(card, 'Please rate communication from 1 to 5');
    for (const legend of ['Communication', 'Quality', 'On time']) await rateIn(card, legend, 2);
    await card.getByRole('group', { name: `Would you hire ${REVIEWS_FX.maker.name} again?` }).getByLabel('No').check();
    await card.getByLabel('Your review').fill('HARSH: the labels came late and the colours drifted.');
    await card.getByRole('button', { name: 'Save review' }).click();
    await seeText(card, REVIEW_MESSAGES.waiting);
    // The form gave way to the saved review: a keyboard user is left at its section, not at the page's start.
    await expect.poll(() => client.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Reviews');
    await expectSettledAccessible(client);

    const link = await client.evaluate(async () => (await (await fetch('/api/marketplace/creators?q=reviewhand')).json()) as { creators: Array<{ id: string }> });
    makerId = link.creators[0].id;
    const reviews = await studioAverage(client, makerId);
    await expect.poll(() => reviews.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' }).isVisible()).toBe(true);
    await expect.poll(() => reviews.getByText(/HARSH/).count()).toBe(0);
  });

  it("the maker reviews too, and both reviews appear at once, on the client's open dashboard without a reload", async () => {
    // The client keeps their Projects tab open on the waiting review while the maker writes theirs.
    await client.goto('/dashboard-client?tab=projects');
    const clientCard = projectCard(client, REVIEWS_FX.project);
    await seeText(clientCard, REVIEW_MESSAGES.waiting);
    maker = await session(REVIEWS_FX.maker.email, '/dashboard-maker');
    await openTab(maker, 'Projects');
    const card = projectCard(maker, REVIEWS_FX.project);
    await expect.poll(() => card.getByText(/HARSH/).count()).toBe(0);
    await rateIn(card, `Your rating of ${REVIEWS_FX.client.name}`, 4);
    await card.getByLabel('Your review').fill('Clear brief, quick answers, paid on time.');
    await card.getByRole('button', { name: 'Save review' }).click();
    await seeText(card, `${REVIEWS_FX.client.name}'s review of you`);
    await seeText(card, 'HARSH: the labels came late and the colours drifted.');

    // The publication's notification reaches the client's stream, and the open card refetches (decision 206).
    await seeText(clientCard, 'Clear brief, quick answers, paid on time.');
  });

  it('the studio and the marketplace card show the new average, 4.0 from 4 reviews', async () => {
    const reviews = await studioAverage(client, makerId);
    await expect.poll(() => reviews.getByRole('img', { name: 'Rated 4.0 out of 5 from 4 reviews' }).isVisible()).toBe(true);
    await seeText(reviews, 'HARSH: the labels came late and the colours drifted.');
    await client.goto('/marketplace?q=reviewhand');
    await expect.poll(() => client.getByRole('img', { name: 'Rated 4.0 out of 5 from 4 reviews' }).isVisible(), { timeout: 10000 }).toBe(true);
    await expectSettledAccessible(client);
  });

  it('the maker reports the review; the admin hides it, and the average moves back', async () => {
    const reviews = await studioAverage(maker, makerId);
    const harsh = reviews.getByRole('listitem').filter({ hasText: 'HARSH' });
    await harsh.getByRole('button', { name: 'Report this review' }).click();
    await harsh.getByLabel('What is wrong with this review? (optional)').fill('This describes another project.');
    await harsh.getByRole('button', { name: 'Send report' }).click();
    await seeText(harsh, REVIEW_MESSAGES.reported);

    const admin = sessions.keep(await openAdmin(sessions.browser));
    await openTab(admin.page, 'Reports');
    const row = adminRow(admin.page, 'HARSH');
    await row.getByRole('button', { name: 'Hide review' }).click();
    await admin.page.getByRole('dialog').getByLabel('Reason (required, kept in the audit log)').fill('Describes another project');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Hide review' }).click();
    await seeText(admin.page, 'Review hidden');

    const after = await studioAverage(client, makerId);
    await expect.poll(() => after.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' }).isVisible()).toBe(true);
    await seeText(after, REVIEW_MESSAGES.hidden);
    await expect.poll(() => after.getByText(/HARSH/).count()).toBe(0);
    await client.goto('/marketplace?q=reviewhand');
    await expect.poll(() => client.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' }).isVisible(), { timeout: 10000 }).toBe(true);
  });
});
