import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { SealArtwork } from '../../components/seal-artwork';
import { Button } from '../../components/ui/button';
import { CtaBand, NumberedGrid, Section, SectionHeading } from './blocks';
import { FOUR_STEPS, PRINCIPLES } from './content';
import { WorkShowcase } from './work-showcase';

function TextLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-sm font-medium text-accent-strong underline-offset-4 hover:underline">
      {children}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

export function HomeHero() {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-14 px-5 pb-20 pt-12 sm:px-8 md:grid-cols-[1.25fr_1fr] md:pb-28 md:pt-20 lg:gap-20">
      <div>
        <p className="eyebrow text-accent-strong">A curated marketplace of verified human creators</p>
        <h1 className="mt-5 text-[2.875rem] font-normal leading-[1.02] tracking-[-0.03em] sm:text-7xl lg:text-[5.25rem]">
          Work made by people, <em className="font-light not-italic text-accent-strong">reviewed</em> by people.
        </h1>
        <p className="mt-7 max-w-xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
          Humanmade connects brands with Makers and Minds whose portfolios, intro videos and process work have been
          reviewed by our team before they appear. Just people, and the work they made.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/marketplace">Browse the Marketplace</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/how-it-works">How It Works</Link>
          </Button>
        </div>
      </div>
      <WorkShowcase limit={4} className="pb-6" fallback={<SealArtwork className="mx-auto w-60 sm:w-72 md:w-full md:max-w-sm" />} />
    </section>
  );
}

export function HumanCreativity() {
  return (
    <section aria-labelledby="human-creativity-heading" className="border-y border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-20 sm:px-8 md:grid-cols-[1fr_1.1fr] md:gap-20 md:py-28">
        <div>
          <p className="eyebrow text-accent-strong">Why it matters</p>
          <h2 id="human-creativity-heading" className="mt-4 text-4xl sm:text-5xl">
            Creativity is a human act.
          </h2>
        </div>
        <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
          <p>
            A brand identity, a campaign line, a well-made page: each carries the judgement of the person who made it.
            When anything can be generated in seconds, knowing who did the work, and how, matters more than ever.
          </p>
          <p>
            That is why creators on Humanmade document their process, not just the finished piece, and why every
            application is read by a person before a profile goes live.
          </p>
        </div>
      </div>
    </section>
  );
}

export function AboutTeaser() {
  return (
    <Section labelledBy="about-teaser-heading">
      <div className="grid gap-12 md:grid-cols-[1fr_1.2fr] md:gap-20">
        <SectionHeading id="about-teaser-heading" eyebrow="About us" title="A small, careful marketplace.">
          <p>
            We started Humanmade for clients who want to know who made their work, and for creators who are proud to
            show how they made it. Four principles guide every decision we take.
          </p>
          <p className="mt-6">
            <TextLink to="/about">About Humanmade</TextLink>
          </p>
        </SectionHeading>
        <ul className="grid grid-cols-2 gap-px self-start overflow-hidden rounded-2xl border border-border bg-border">
          {PRINCIPLES.map((principle) => (
            <li key={principle.title} className="bg-paper px-5 py-8 sm:px-8">
              <p className="font-serif text-2xl">{principle.title}</p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

export function StepsTeaser() {
  return (
    <Section labelledBy="steps-heading" className="pt-0 md:pt-0">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SectionHeading id="steps-heading" eyebrow="How it works" title="Three steps to work you can trust." />
        <TextLink to="/how-it-works">See how it works</TextLink>
      </div>
      <div className="mt-14">
        <NumberedGrid items={FOUR_STEPS.slice(0, 3)} />
      </div>
    </Section>
  );
}

export function ReadyToJoin() {
  return (
    <CtaBand
      id="ready-heading"
      title="Ready to Join?"
      actions={
        <>
          <Button asChild size="lg" variant="inverse">
            <Link to="/auth">Create Your Account</Link>
          </Button>
          <Button asChild size="lg" className="bg-transparent text-paper ring-1 ring-paper/60 hover:bg-paper hover:text-ink">
            <Link to="/marketplace">Meet the creators</Link>
          </Button>
        </>
      }
    >
      <p>Apply as a Maker or a Mind and show us how you work, or join as a Client and meet creators you can trust.</p>
    </CtaBand>
  );
}
