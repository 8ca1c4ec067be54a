import type { EmailMessage } from '../../mail/templates';
import { composeEmail } from '../../mail/templates';

interface Sender {
  name: string;
  email: string;
  message: string;
}

/** Header values must stay on one line whatever a visitor typed. */
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

export const contactPageEmail = (input: Sender & { siteName: string; inbox: string }): EmailMessage =>
  composeEmail(
    {
      type: 'Contact Page',
      to: input.inbox,
      replyTo: input.email,
      siteName: input.siteName,
      subject: `Contact Page: message from ${oneLine(input.name)}`,
    },
    [
      'A visitor wrote to you from the Contact page. Reply to this email to answer them.',
      `Name: ${input.name}\nEmail: ${input.email}`,
      `Message:\n${input.message}`,
    ],
  );

export const marketplaceContactEmail = (
  input: Sender & { siteName: string; inbox: string; creatorName: string; studioUrl: string },
): EmailMessage =>
  composeEmail(
    {
      type: 'Marketplace Contact',
      to: input.inbox,
      replyTo: input.email,
      siteName: input.siteName,
      subject: `Marketplace Contact: ${oneLine(input.name)} about ${oneLine(input.creatorName)}`,
    },
    [
      `A visitor wrote from the marketplace about ${input.creatorName}. Reply to this email to answer them.`,
      `Creator: ${input.creatorName}`,
      input.studioUrl,
      `Name: ${input.name}\nEmail: ${input.email}`,
      `Message:\n${input.message}`,
    ],
  );
