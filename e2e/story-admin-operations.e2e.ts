import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { expectPath, setUpBrowserSessions } from './support/browser';
import { adminRow, expectSettledAccessible, isGone, openAdmin, openTab, projectCard, seeText, signedIn, submitLogin } from './story-steps';

/**
 * Story 6: a workshop the admin creates reaches a maker's Community tab.
 * Story 7: a user the admin deletes can no longer log in, and their studio and project assignment are gone.
 * Story 8: messages from the Contact page and from a creator's card reach the admin's Contact tab.
 */

const sessions = setUpBrowserSessions();
let admin: Page;
const session = async () => (await sessions.open()).page;

beforeAll(async () => {
  admin = sessions.keep(await openAdmin(sessions.browser)).page;
});

/** A datetime-local value in the browser's own time zone, some minutes from now. */
const localDateTime = (page: Page, minutesFromNow: number) =>
  page.evaluate((minutes) => {
    const soon = new Date(Date.now() + minutes * 60 * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
  }, minutesFromNow);

describe('story 6: a workshop for the community', () => {
  it('the admin creates a workshop and a maker sees it on their Community tab', async () => {
    const title = 'Story workshop: lettering by lamplight';
    await openTab(admin, 'Workshops');
    const form = admin.getByRole('tabpanel').getByRole('form', { name: 'Create Workshop' });
    // Soon enough to be among the five upcoming ones whatever else is scheduled.
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('An evening of brush lettering; bring a pencil and an idea for a sign.');
    await form.getByLabel('Date & Time').fill(await localDateTime(admin, 45));
    await form.getByLabel('Max Participants').fill('16');
    await form.getByLabel('Meeting Link').fill('https://meet.example.com/lamplight');
    await form.getByRole('button', { name: 'Create Workshop' }).click();
    await seeText(admin, 'Workshop created!');
    await expect.poll(() => adminRow(admin, title).getByText('16 max').isVisible()).toBe(true);

    const maker = await signedIn(sessions, STORY_FX.reviewMaker.email, STORY_FX.password, '/dashboard-maker');
    await openTab(maker, 'Community');
    const listed = maker.getByRole('tabpanel').getByRole('listitem').filter({ has: maker.getByRole('heading', { name: title }) });
    await expect.poll(() => listed.getByText('16 max').isVisible()).toBe(true);
    await expect.poll(() => listed.getByRole('link', { name: /Join link/ }).getAttribute('href')).toBe('https://meet.example.com/lamplight');
    await expectSettledAccessible(maker);
  });
});

describe('story 7: deleting a user', () => {
  it('the admin deletes a maker, who can no longer log in; their studio and assignment are gone', async () => {
    const doomed = STORY_FX.doomedMaker;
    const visitor = await session();
    await visitor.goto(`/marketplace?q=${encodeURIComponent(doomed.name)}`);
    const studioPath = await visitor.getByRole('link', { name: `View Studio of ${doomed.name}` }).getAttribute('href');
    expect(studioPath).toMatch(/^\/studio\/.+/);

    await openTab(admin, 'Users');
    await admin.getByLabel('Search users').fill(doomed.name);
    const row = adminRow(admin, doomed.email);
    await expect.poll(() => row.getByText('Role: Maker').isVisible()).toBe(true);
    await row.getByRole('button', { name: /Delete/ }).click();
    const dialog = admin.getByRole('alertdialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Are you sure?' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await seeText(admin, 'User deleted successfully');
    await isGone(row);

    const former = await session();
    await former.goto('/auth');
    await submitLogin(former, doomed.email, STORY_FX.password);
    await seeText(former, 'Invalid email or password');
    await expectPath(former, '/auth');

    await visitor.goto(studioPath!);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Creator Not Found');

    const client = await signedIn(sessions, STORY_FX.client.email, STORY_FX.password, '/dashboard-client');
    await openTab(client, 'Projects');
    const card = projectCard(client, STORY_FX.doomedProject);
    await expect.poll(() => card.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('No creator assigned yet').isVisible()).toBe(true);
  });
});

describe('story 8: contact messages reach the admin', () => {
  it('a visitor writes from /contact and from a creator card; the admin reads both, the second naming the creator', async () => {
    const creator = STORY_FX.reviewMaker.name;
    const pageMessage = `Story contact: do you run gift cards for workshops? (${Date.now().toString(36)})`;
    const cardMessage = `Story contact: could ${creator} letter our van? (${Date.now().toString(36)})`;

    const visitor = await session();
    await visitor.goto('/contact');
    await visitor.getByLabel('Name').fill('Story Visitor');
    await visitor.getByLabel('Email').fill('story-visitor@example.com');
    await visitor.getByLabel('Message', { exact: true }).fill(pageMessage);
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await seeText(visitor, "Thank you for reaching out. We'll be in touch shortly.");

    await visitor.goto(`/marketplace?q=${encodeURIComponent(creator)}`);
    await visitor.getByRole('link', { name: `Contact ${creator}` }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Story Van Owner');
    await dialog.getByLabel('Email').fill('story-van@example.com');
    await dialog.getByLabel('Message', { exact: true }).fill(cardMessage);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await seeText(visitor, "Message sent! We'll get back to you soon.");

    await admin.reload();
    await openTab(admin, 'Contact');
    const fromPage = adminRow(admin, pageMessage);
    await expect.poll(() => fromPage.getByText('Story Visitor').isVisible()).toBe(true);
    expect(await fromPage.getByText('story-visitor@example.com').isVisible()).toBe(true);
    expect(await fromPage.getByText(/^About /).count()).toBe(0);
    const fromCard = adminRow(admin, cardMessage);
    await expect.poll(() => fromCard.getByText(`About ${creator}`).isVisible()).toBe(true);
    expect(await fromCard.getByText('story-van@example.com').isVisible()).toBe(true);
    await expectSettledAccessible(admin);
  });
});
