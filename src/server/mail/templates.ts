/** Plain, escaped email bodies. Every email has a text part; HTML mirrors it. */

export interface EmailMessage {
  type: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Sent whatever the recipient's email settings, without an unsubscribe link, although its type belongs to a kind
   * that can be turned off: money (an invoice, a payment, a release, a refund) is a record the person needs.
   */
  isTransactional?: boolean;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const paragraphsToHtml = (paragraphs: string[], siteName: string): string =>
  `<!doctype html><html><body style="font-family:Georgia,serif;background:#FAF8F4;color:#1C1B19;padding:24px">` +
  `<p style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</p>` +
  paragraphs
    .map((paragraph) =>
      /^https?:\/\//.test(paragraph)
        ? `<p><a href="${escapeHtml(paragraph)}" style="color:#A4472B">${escapeHtml(paragraph)}</a></p>`
        : `<p style="line-height:1.6">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`,
    )
    .join('') +
  `</body></html>`;

export const composeEmail = (
  base: { type: string; to: string; subject: string; siteName: string; replyTo?: string },
  paragraphs: string[],
): EmailMessage => ({
  type: base.type,
  to: base.to,
  subject: base.subject,
  replyTo: base.replyTo,
  text: `${paragraphs.join('\n\n')}\n\n— ${base.siteName}\n`,
  html: paragraphsToHtml(paragraphs, base.siteName),
});

const roleWelcome: Record<string, string> = {
  maker: 'Complete your maker profile and submit it for review. Every application is read by a person on our team.',
  mind: 'Complete your mind profile, choose a plan and submit it for review. Every application is read by a person on our team.',
  client: 'Complete your client profile and start browsing verified human creators.',
};

export const welcomeEmail = (input: { siteName: string; to: string; name: string; role: string; verifyUrl: string }) =>
  composeEmail({ type: 'signup', to: input.to, siteName: input.siteName, subject: `Welcome to ${input.siteName}` }, [
    `Hello ${input.name},`,
    `Welcome to ${input.siteName}. ${roleWelcome[input.role] ?? ''}`,
    'Please confirm your email address by opening this link:',
    input.verifyUrl,
    'If you did not create this account, you can ignore this email.',
  ]);

export const verificationEmail = (input: { siteName: string; to: string; name: string; url: string }) =>
  composeEmail({ type: 'verify-email', to: input.to, siteName: input.siteName, subject: 'Confirm your email address' }, [
    `Hello ${input.name},`,
    'Please confirm your email address by opening this link:',
    input.url,
  ]);

export const passwordResetEmail = (input: { siteName: string; to: string; name: string; url: string }) =>
  composeEmail({ type: 'password-reset', to: input.to, siteName: input.siteName, subject: 'Reset your password' }, [
    `Hello ${input.name},`,
    'Someone asked to reset the password of your account. If it was you, open this link within one hour:',
    input.url,
    'If it was not you, ignore this email; your password stays as it is.',
  ]);
