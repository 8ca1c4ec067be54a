import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { PageIntro } from '../components/page-intro';
import { Button } from '../components/ui/button';
import { CtaBand, SectionHeading } from '../features/marketing/blocks';
import { MIND_BENEFITS, MIND_PATH, MIND_TIERS, type Tier } from '../features/marketing/content';
import { CreatorBenefitsAndPath, JoinButton } from '../features/marketing/creator-page-parts';
import { cn } from '../lib/utils';
import { usePageTitle } from '../lib/use-page-title';

function TierCard({ tier, isFeatured }: { tier: Tier; isFeatured: boolean }) {
  const headingId = `tier-${tier.name.toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col rounded-3xl border p-8', isFeatured ? 'border-ink bg-ink text-paper [&_:focus-visible]:outline-accent-light' : 'border-border bg-surface')}
    >
      <h3 id={headingId} className="text-3xl">
        {tier.name}
      </h3>
      <p className={cn('mt-2', isFeatured ? 'text-paper-muted' : 'text-muted-foreground')}>{tier.summary}</p>
      <p className="mt-8 font-serif text-4xl">{tier.price}</p>
      <ul className="mt-8 space-y-3">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden="true" className={cn('mt-1 size-4 shrink-0', isFeatured ? 'text-accent-light' : 'text-accent')} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-10">
        {tier.price === 'Free' ? (
          <Button asChild className="w-full" variant={isFeatured ? 'inverse' : 'primary'}>
            <Link to="/auth?type=mind">Start on {tier.name}</Link>
          </Button>
        ) : (
          <Button asChild className="w-full" variant={isFeatured ? 'inverse' : 'secondary'}>
            <Link to="/contact">Ask about {tier.name}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

export function ForMindsPage() {
  usePageTitle('For Minds');
  return (
    <>
      <PageIntro eyebrow="For strategic creatives" title="For Minds" actions={<JoinButton role="mind" label="Join as a Mind" />}>
        <p>
          Brand builders, art directors and storytellers: bring your thinking to brands that want a person behind the
          strategy. Choose a plan, introduce yourself on video, and consult once our team has reviewed your application.
        </p>
      </PageIntro>

      <CreatorBenefitsAndPath
        role="mind"
        benefitsTitle="Where strategy meets craft."
        benefitsLead="Clients come for verified human judgement. Minds give the work its direction."
        benefits={MIND_BENEFITS}
        pathTitle="Six steps to consulting."
        path={MIND_PATH}
      />

      <section aria-labelledby="tiers-heading" className="border-y border-border bg-muted/50">
        <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28">
          <SectionHeading id="tiers-heading" eyebrow="Plans" title="Choose how you engage.">
            <p>Every plan includes a public studio and a personal review. Pro and Premium are arranged with our team.</p>
          </SectionHeading>
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {MIND_TIERS.map((tier) => (
              <TierCard key={tier.name} tier={tier} isFeatured={tier.name === 'Premium'} />
            ))}
          </div>
        </div>
      </section>

      <div className="pt-20 md:pt-28">
        <CtaBand id="mind-cta-heading" title="Ready to Join as a Mind?" actions={<JoinButton role="mind" label="Apply as a Mind" variant="inverse" />}>
          <p>Start on Basic today, and talk to us about Pro or Premium whenever you are ready.</p>
        </CtaBand>
      </div>
    </>
  );
}
