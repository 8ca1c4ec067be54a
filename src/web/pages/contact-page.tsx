import { Link } from 'react-router';
import { CONTACT_MESSAGES } from '../../domain/contact-copy';
import { ContactForm } from '../features/contact/contact-form';
import { usePageTitle } from '../lib/use-page-title';

const TOPICS = [
  { title: 'Joining as a creator', body: 'Questions about the review, your intro video or the Seal.' },
  { title: 'Hiring for your brand', body: 'Help with a brief, a budget or a White Glove request.' },
  { title: 'Everything else', body: 'Partnerships, press, or a thought you would like to share.' },
];

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <div className="mx-auto grid max-w-6xl gap-14 px-5 pb-24 pt-14 sm:px-8 md:grid-cols-[1fr_1.15fr] md:gap-20 md:pt-24">
      <div>
        <p className="eyebrow text-accent-strong">Contact</p>
        <h1 className="mt-4 text-[2.75rem] leading-[1.05] sm:text-6xl">Get in Touch</h1>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground sm:text-xl">
          Questions about joining as a creator, hiring for your brand or how verification works? A member of our team
          reads every message and replies personally, usually within two working days.
        </p>
        <ul className="mt-12 space-y-6 border-t border-border pt-8">
          {TOPICS.map((topic) => (
            <li key={topic.title}>
              <p className="font-serif text-xl">{topic.title}</p>
              <p className="mt-1 text-muted-foreground">{topic.body}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-muted-foreground">
          Looking for a particular creator? Use the Contact button on their card in the{' '}
          <Link to="/marketplace" className="rounded-sm text-accent-strong underline underline-offset-4">
            marketplace
          </Link>
          .
        </p>
      </div>
      <section aria-labelledby="contact-form-heading" className="self-start rounded-3xl border border-border bg-surface p-6 sm:p-10">
        <h2 id="contact-form-heading" className="text-2xl sm:text-3xl">
          Send us a message
        </h2>
        <ContactForm
          formName="contact"
          idPrefix="contact"
          className="mt-8"
          endpoint="/api/contact"
          successMessage={CONTACT_MESSAGES.pageSuccess}
          failureMessage={CONTACT_MESSAGES.pageFailure}
        />
      </section>
    </div>
  );
}
