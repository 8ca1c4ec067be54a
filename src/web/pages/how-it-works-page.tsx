import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { SealArtwork } from '../components/seal-artwork';
import { Button } from '../components/ui/button';
import { Copy, NumberedRows, Section, SectionHeading } from '../features/marketing/blocks';
import { FOUR_STEPS, WHITE_GLOVE_COPY } from '../features/marketing/content';
import { usePageTitle } from '../lib/use-page-title';

function Audience({ id, title, body, points, action }: { id: string; title: string; body: string; points: string[]; action: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-3xl border border-border bg-surface p-8 sm:p-10">
      <h2 id={id} className="text-3xl sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{body}</p>
      <ul className="mt-6 space-y-3">
        {points.map((point) => (
          <li key={point} className="flex gap-3 leading-relaxed">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-accent" />
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-10">{action}</div>
    </section>
  );
}

export function HowItWorksPage() {
  usePageTitle('How It Works');
  return (
    <>
      <PageIntro eyebrow="The process" title="How It Works">
        <p>
          Every creator here has been reviewed by a person, and every project leaves a record of how it was made. This is
          how it works, from your first click to the Seal.
        </p>
      </PageIntro>

      <Section labelledBy="steps-heading" className="pt-0 md:pt-0">
        <h2 id="steps-heading" className="sr-only">
          Four steps
        </h2>
        <NumberedRows items={FOUR_STEPS} />
      </Section>

      <div className="mx-auto grid max-w-6xl gap-6 px-5 sm:px-8 md:grid-cols-2">
        <Audience
          id="for-clients-heading"
          title="For Clients"
          body="Find a verified creator for your next brief, or let us find them for you."
          points={[
            'Search Makers and Minds by name, specialty and Seal.',
            'Create a project with your brief and budget, and hire directly from a studio.',
            'Review the delivered work, and approve it or flag it for our team.',
          ]}
          action={
            <Button asChild size="lg">
              <Link to="/auth?type=client">Start a Project</Link>
            </Button>
          }
        />
        <Audience
          id="for-creators-heading"
          title="For Creators"
          body="Show us how you work, and meet clients who want exactly that."
          points={[
            'Apply as a Maker or a Mind with your portfolio and a short intro video.',
            'Get approved by our team and open your public studio.',
            'Document your process on each project and earn the Seal.',
          ]}
          action={
            <Button asChild size="lg">
              <Link to="/auth?type=maker">Apply Now</Link>
            </Button>
          }
        />
      </div>

      <Section labelledBy="seal-heading" id="seal">
        <div className="grid gap-10 md:grid-cols-[1fr_1.2fr] md:items-start">
          <div>
            <SectionHeading id="seal-heading" eyebrow="Proof of human work" title="The Seal of human creativity" />
            <SealArtwork className="mt-8 hidden w-40 md:block" />
          </div>
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            <p className="text-ink">
              A Maker earns the Seal by documenting their process on three completed projects: the sketches, drafts and
              notes that show how each piece came to be. Our team reviews them before the Seal is awarded.
            </p>
            <p>
              Each project keeps a tamper-evident process record, and the Seal itself is a signed credential that names the
              three projects behind it. Anyone can check it, without an account, on{' '}
              <Link to="/verify" className="text-accent-strong underline underline-offset-4">
                Verify a Seal
              </Link>
              .
            </p>
          </div>
        </div>
      </Section>

      <Section labelledBy="white-glove-heading">
        <div className="grid gap-10 rounded-3xl bg-accent-soft px-6 py-14 sm:px-12 md:grid-cols-[1fr_1.2fr] md:items-center">
          <SectionHeading id="white-glove-heading" eyebrow="Premium matching" title="White Glove" />
          <div className="space-y-5 text-lg leading-relaxed text-ink">
            <p>
              <Copy text={WHITE_GLOVE_COPY} />
            </p>
            <p className="text-muted-foreground">
              White Glove requests are made from the client dashboard. Each shortlist comes with the creators' studios, so
              you can hire in one click.
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
