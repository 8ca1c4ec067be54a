// The contact forms' copy without their schema (zod), so a page can show a form before it loads (decision 189).

/** Contact copy in the product's own words, kept word for word. */
export const CONTACT_MESSAGES = {
  pageSuccess: "Thank you for reaching out. We'll be in touch shortly.",
  pageFailure: 'Error submitting form',
  sending: 'Sending...',
  marketplaceSuccess: "Message sent! We'll get back to you soon.",
  marketplaceFailure: 'Failed to send message',
} as const;

/** The hidden field bots fill in and people never see; a filled one is accepted silently and dropped. */
export const HONEYPOT_FIELD = 'website';
