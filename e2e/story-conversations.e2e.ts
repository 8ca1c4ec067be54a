import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_FX } from './fixtures/conversations';
import { expectPath, setUpBrowserSessions } from './support/browser';
import { expectSettledAccessible, openAdmin, openTab, pngFile, seeText, signedIn } from './story-steps';

/**
 * Two people, two browsers at once: a client messages a maker from the maker's studio; the maker, already on the
 * inbox, sees it arrive without reloading and replies; the client sees the reply arrive and the header's count move.
 * The attachment the maker sends opens for the client and answers 404 for a third person. The client reports a
 * message, an admin removes it from the Reports tab, and the client then blocks the maker.
 */

const sessions = setUpBrowserSessions();

const signedInAs = (person: { email: string }, landing: string, viewport?: { width: number; height: number }) =>
  signedIn(sessions, person.email, CONVERSATION_FX.password, landing, viewport);

const messages = (page: Page) => page.getByRole('list', { name: /^Messages with / });

describe('conversations: a client and a maker talk in real time', () => {
  let client: Page;
  let maker: Page;
  let threadPath = '';
  let attachmentUrl = '';

  it('the maker waits on the inbox; the client writes from the studio with Message', async () => {
    maker = await signedInAs(CONVERSATION_FX.maker, '/dashboard-maker');
    await maker.goto('/inbox');
    await expect.poll(() => maker.getByText('No conversations yet').isVisible()).toBe(true);

    client = await signedInAs(CONVERSATION_FX.client, '/dashboard-client');
    await client.goto(`/marketplace?q=${encodeURIComponent(CONVERSATION_FX.maker.name)}`);
    await client.getByRole('link', { name: `View Studio of ${CONVERSATION_FX.maker.name}` }).click();
    await expect.poll(() => client.getByRole('heading', { level: 1 }).textContent()).toBe(CONVERSATION_FX.maker.name);
    await client.getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = client.getByRole('dialog');
    await dialog.getByLabel('Your message').fill('Hello Theo, could you letter our shop sign? Photos: https://example.com/shop');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await client.waitForURL((url) => url.pathname.startsWith('/inbox/'), { timeout: 15000 });
    threadPath = new URL(client.url()).pathname;
    await expect.poll(() => messages(client).getByText('could you letter our shop sign').isVisible()).toBe(true);
    // The address in the message is a link; the text around it stays text.
    await expect.poll(() => messages(client).getByRole('link', { name: 'https://example.com/shop' }).getAttribute('rel')).toContain('noopener');
  });

  it('the message appears in the maker’s open inbox without a reload, and the maker replies with a file', async () => {
    const row = maker.getByRole('link', { name: new RegExp(CONVERSATION_FX.client.name) });
    await expect.poll(() => row.isVisible(), { timeout: 15000 }).toBe(true);
    await expect.poll(() => maker.getByRole('link', { name: 'Inbox, 1 unread' }).isVisible(), { timeout: 15000 }).toBe(true);
    await row.click();
    await expectPath(maker, threadPath);
    await expect.poll(() => messages(maker).getByText('could you letter our shop sign').isVisible()).toBe(true);
    // Reading it clears the count.
    await expect.poll(() => maker.getByRole('link', { name: 'Inbox', exact: true }).isVisible(), { timeout: 15000 }).toBe(true);

    await maker.getByLabel(`Message ${CONVERSATION_FX.client.name}`).fill('Gladly. Here is a first sketch.');
    await maker.locator('input[type=file]').setInputFiles(await pngFile('first-sketch.png', '#a5472a'));
    await maker.getByLabel(`Message ${CONVERSATION_FX.client.name}`).press('Enter');
    // An upload with the message: give it time on a busy machine.
    await expect.poll(() => messages(maker).getByText('Gladly. Here is a first sketch.').isVisible(), { timeout: 15000 }).toBe(true);
    await expectSettledAccessible(maker);
  });

  it('the client sees the reply arrive without a reload, with the attachment', async () => {
    await expect.poll(() => messages(client).getByText('Gladly. Here is a first sketch.').isVisible(), { timeout: 15000 }).toBe(true);
    const image = messages(client).getByRole('img', { name: 'first-sketch.png' });
    await expect.poll(() => image.isVisible()).toBe(true);
    attachmentUrl = (await image.getAttribute('src')) ?? '';
    expect(attachmentUrl).toMatch(/^\/api\/conversations\/[0-9a-f-]+\/attachments\/[0-9a-f-]+$/);
    const opened = await client.request.get(attachmentUrl);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/png');
    await client.screenshot({ path: '/tmp/conv-inbox-1280.png' });
    await expectSettledAccessible(client);
  });

  it('the attachment answers 404 to a third person and 401 to the anonymous', async () => {
    const outsider = await signedInAs(CONVERSATION_FX.outsider, '/dashboard-client');
    expect((await outsider.request.get(attachmentUrl)).status()).toBe(404);
    const anonymous = await sessions.open();
    expect((await anonymous.page.request.get(attachmentUrl)).status()).toBe(401);
  });

  it('the header count moves for the client when the maker writes while the client is elsewhere', async () => {
    await client.goto('/dashboard-client');
    await maker.getByLabel(`Message ${CONVERSATION_FX.client.name}`).fill('Would Tuesday suit you for a call?');
    await maker.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => client.getByRole('link', { name: 'Inbox, 1 unread' }).isVisible(), { timeout: 15000 }).toBe(true);
    // The bell holds one item for the conversation, whatever the number of messages, leading to it.
    const bell = client.getByRole('button', { name: 'Notifications, 1 unread' }).first();
    await expect.poll(() => bell.isVisible(), { timeout: 15000 }).toBe(true);
    await bell.click();
    const item = client.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`New message from ${CONVERSATION_FX.maker.name}`) });
    await expect.poll(() => item.isVisible()).toBe(true);
    await expectSettledAccessible(client);
    await item.click();
    await expectPath(client, threadPath);
    await expect.poll(() => client.getByRole('button', { name: 'Notifications' }).first().isVisible()).toBe(true);
  });

  it('on a phone, the list and the thread are two screens', async () => {
    const phone = await signedInAs(CONVERSATION_FX.client, '/dashboard-client', { width: 375, height: 780 });
    await phone.goto('/inbox');
    const row = phone.getByRole('link', { name: new RegExp(CONVERSATION_FX.maker.name) });
    await expect.poll(() => row.isVisible()).toBe(true);
    await phone.screenshot({ path: '/tmp/conv-inbox-375-list.png' });
    await row.click();
    await expect.poll(() => messages(phone).getByText('Would Tuesday suit you for a call?').isVisible()).toBe(true);
    // The list is the other screen, gone while the thread is open (its 'Inbox' heading stays, for screen readers only).
    await expect.poll(() => row.isVisible()).toBe(false);
    await expect.poll(() => phone.getByRole('heading', { name: 'Inbox', level: 1 }).evaluate((heading) => heading.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    // The thread opens at its newest message and stays there once the sketch above it has loaded and grown the list.
    const sketch = messages(phone).getByRole('img', { name: 'first-sketch.png' });
    await expect.poll(() => sketch.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalHeight > 0), { timeout: 15000 }).toBe(true);
    await expect
      .poll(() => messages(phone).evaluate((list) => { const box = list.parentElement!; return box.scrollHeight > box.clientHeight + 40 && box.scrollHeight - box.scrollTop - box.clientHeight < 4; }))
      .toBe(true);
    await phone.screenshot({ path: '/tmp/conv-inbox-375-thread.png' });
    await phone.getByRole('link', { name: 'Back to all conversations' }).click();
    await expectPath(phone, '/inbox');
  });

  it('the client reports a message; an admin removes it from Reports; both read the removal notice', async () => {
    await client.goto(threadPath);
    const reportButton = messages(client).getByRole('button', { name: `Report this message from ${CONVERSATION_FX.maker.name}` }).last();
    await reportButton.click();
    await client.getByRole('dialog').getByRole('button', { name: 'Report' }).click();
    await seeText(client, 'Thank you. An admin will review this message.');

    const admin = sessions.keep(await openAdmin(sessions.browser));
    await openTab(admin.page, 'Reports');
    const panel = admin.page.getByRole('tabpanel');
    await expect.poll(() => panel.getByText('Would Tuesday suit you for a call?').isVisible()).toBe(true);
    await expectSettledAccessible(admin.page);
    await panel.getByRole('button', { name: 'Remove message' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Remove message' }).click();
    await seeText(admin.page, 'Message removed');
    await expect.poll(() => panel.getByText('No open reports').isVisible()).toBe(true);

    await client.reload();
    await expect.poll(() => messages(client).getByText('Message removed by Humanmade').isVisible()).toBe(true);
    await expect.poll(() => messages(client).getByText('Would Tuesday suit you for a call?').count()).toBe(0);
  });

  it("the client blocks the maker; neither can write: 'You can no longer message this person'", async () => {
    await client.getByRole('button', { name: 'Block' }).click();
    await client.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await expect.poll(() => client.getByText('You can no longer message this person').isVisible()).toBe(true);
    await maker.goto(threadPath);
    await expect.poll(() => maker.getByText('You can no longer message this person').isVisible()).toBe(true);
    await expect.poll(() => maker.getByLabel(`Message ${CONVERSATION_FX.client.name}`).count()).toBe(0);
  });
});

describe('a long conversation', () => {
  it('shows the newest 100 messages and loads the earlier ones on request, keeping the reader in place', async () => {
    const { historian } = CONVERSATION_FX;
    const page = await signedInAs(historian, '/dashboard-client');
    await page.goto('/inbox');
    await page.getByRole('link', { name: new RegExp(historian.maker) }).click();
    await expect.poll(() => messages(page).getByText(`History ${historian.messages}`, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => messages(page).getByRole('listitem').count()).toBe(100);
    expect(await messages(page).getByText('History 1', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect.poll(() => messages(page).getByRole('listitem').count()).toBe(historian.messages);
    await expect.poll(() => messages(page).getByText('History 1', { exact: true }).count()).toBe(1);
    // Nothing is earlier than the first message: the button is gone, and the newest message is still there.
    expect(await page.getByRole('button', { name: 'Load earlier messages' }).count()).toBe(0);
    expect(await messages(page).getByText(`History ${historian.messages}`, { exact: true }).count()).toBe(1);
  });
});
