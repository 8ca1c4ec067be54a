import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { Button } from '../components/ui/button';
import { CtaBand, QualityList, Section, SectionHeading } from '../features/marketing/blocks';
import { PRINCIPLES } from '../features/marketing/content';
import { usePageTitle } from '../lib/use-page-title';

export function AboutPage() {
  usePageTitle('About');
  return (
    <>
      <PageIntro eyebrow="Our mission" title="About Humanmade">
        <p>
          Humanmade is a curated marketplace for creative work made by people. We bring together Makers, who produce
          branding, design, writing and content, and Minds, who shape strategy and direction, and introduce them to
          brands that value human craft.
        </p>
      </PageIntro>

      <section aria-labelledby="mission-heading" className="border-y border-border bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-20 sm:px-8 md:grid-cols-[1fr_1.2fr] md:gap-20 md:py-28">
          <h2 id="mission-heading" className="text-4xl sm:text-5xl">
            Proof of the person behind the work.
          </h2>
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            <p>
              Clients used to take authorship for granted. Today a logo, an article or a campaign can be produced without
              anyone deciding anything, and it is hard to tell the difference from the outside.
            </p>
            <p>
              We think the difference matters. A person brings judgement, taste and responsibility to a brief. So we ask
              every creator to show us how they work: the portfolio, a short intro video in their own words, and the
              sketches, drafts and notes that led to the final piece.
            </p>
            <p>
              A member of our team reviews each application personally. Only approved creators appear in the
              marketplace, and Makers who document their process across three completed projects earn the Seal.
            </p>
          </div>
        </div>
      </section>

      <Section labelledBy="principles-heading">
        <SectionHeading id="principles-heading" eyebrow="What we stand for" title="Our principles">
          <p>Four commitments shape who we accept, how we match, and what we ask of everyone here.</p>
        </SectionHeading>
        <QualityList items={PRINCIPLES} className="mt-14" />
      </Section>

      <CtaBand
        id="about-cta-heading"
        title="Make something with us."
        actions={
          <>
            <Button asChild size="lg" variant="inverse">
              <Link to="/marketplace">Browse the Marketplace</Link>
            </Button>
            <Button asChild size="lg" className="bg-transparent text-paper ring-1 ring-paper/60 hover:bg-paper hover:text-ink">
              <Link to="/contact">Contact Us</Link>
            </Button>
          </>
        }
      >
        <p>Meet the creators we have reviewed, or tell us what you are looking for.</p>
      </CtaBand>
    </>
  );
}
