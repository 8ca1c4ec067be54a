import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { NumberedGrid, QualityList, Section, SectionHeading } from '../marketing/blocks';
import { FOUR_STEPS, PRINCIPLES } from '../marketing/content';

function RoleInvite({ id, eyebrow, title, body, to, linkLabel, join, joinLabel }: {
  id: string;
  eyebrow: string;
  title: string;
  body: string;
  to: string;
  linkLabel: string;
  join: string;
  joinLabel: string;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-3xl border border-border bg-surface p-8 sm:p-10">
      <p className="eyebrow text-accent-strong">{eyebrow}</p>
      <h3 id={id} className="mt-3 text-3xl">
        {title}
      </h3>
      <p className="mt-4 leading-relaxed text-muted-foreground">{body}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-6 gap-y-3 pt-8">
        <Button asChild>
          <Link to={join}>{joinLabel}</Link>
        </Button>
        <Link to={to} className="inline-flex items-center gap-2 rounded-sm font-medium text-accent-strong underline-offset-4 hover:underline">
          {linkLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

/** Below the directory: the mission, both creator paths, how it works and the principles. */
export function MarketplaceSections() {
  return (
    <>
      <section aria-labelledby="mission-heading" className="mt-24 border-y border-border bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-20 sm:px-8 md:grid-cols-[1fr_1.2fr] md:gap-20 md:py-24">
          <SectionHeading id="mission-heading" eyebrow="Our mission" title="Every creator here is a person we have met through their work." />
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            <p>
              We review every application by hand: the portfolio, a short intro video and the process behind the work.
              Only approved creators are listed, so the directory stays small enough to trust.
            </p>
            <p>
              Makers who document their process across three completed projects earn the Seal, so you can see at a
              glance who has proven their craft on the platform.
            </p>
          </div>
        </div>
      </section>

      <Section labelledBy="join-heading">
        <SectionHeading id="join-heading" eyebrow="Join the marketplace" title="Are you a creator?" className="mb-12" />
        <div className="grid gap-6 md:grid-cols-2">
          <RoleInvite
            id="for-makers-heading"
            eyebrow="For Makers"
            title="Make the work, show the process."
            body="Designers, illustrators, writers and producers: open a studio for your portfolio and meet clients who hire for craft."
            to="/for-makers"
            linkLabel="For Makers"
            join="/auth?type=maker"
            joinLabel="Join as a Maker"
          />
          <RoleInvite
            id="for-minds-heading"
            eyebrow="For Minds"
            title="Shape the thinking behind it."
            body="Strategists, art directors and storytellers: consult on brand, content and direction through a subscription plan."
            to="/for-minds"
            linkLabel="For Minds"
            join="/auth?type=mind"
            joinLabel="Join as a Mind"
          />
        </div>
      </Section>

      <Section labelledBy="marketplace-how-heading" className="pt-0 md:pt-0">
        <SectionHeading id="marketplace-how-heading" eyebrow="How it works" title="From application to the Seal." className="mb-12" />
        <NumberedGrid items={FOUR_STEPS} columns={4} />
      </Section>

      <Section labelledBy="marketplace-principles-heading" className="pt-0 md:pt-0">
        <SectionHeading id="marketplace-principles-heading" eyebrow="Our principles" title="What we hold ourselves to." className="mb-12" />
        <QualityList items={PRINCIPLES} />
      </Section>
    </>
  );
}
