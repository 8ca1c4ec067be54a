import { PageIntro } from '../components/page-intro';
import { CtaBand, Section, SectionHeading } from '../features/marketing/blocks';
import { MAKER_BENEFITS, MAKER_PATH } from '../features/marketing/content';
import { CreatorBenefitsAndPath, JoinButton } from '../features/marketing/creator-page-parts';
import { SealExplainer } from '../features/marketing/seal-explainer';
import { WorkShowcase } from '../features/marketing/work-showcase';
import { usePageTitle } from '../lib/use-page-title';

export function ForMakersPage() {
  usePageTitle('For Makers');
  return (
    <>
      <PageIntro eyebrow="For creative producers" title="For Makers" actions={<JoinButton role="maker" label="Join as a Maker" />}>
        <p>
          You make branding, logos, websites, social content and editorial work. Show your process alongside your
          portfolio, get verified by our team, and meet clients who are looking for exactly that.
        </p>
      </PageIntro>

      <CreatorBenefitsAndPath
        role="maker"
        benefitsTitle="Made for people who make."
        benefitsLead="A marketplace where the way you work is the reason you get hired."
        benefits={MAKER_BENEFITS}
        pathTitle="Five steps to your studio."
        path={MAKER_PATH}
      />

      <SealExplainer />

      <Section labelledBy="maker-work-heading">
        <SectionHeading id="maker-work-heading" eyebrow="In the marketplace" title="Work by Makers already here." className="mb-12" />
        <WorkShowcase limit={6} className="sm:grid-cols-3" fallback={<p className="text-muted-foreground">The first studios are opening soon.</p>} />
      </Section>

      <CtaBand id="maker-cta-heading" title="Ready to Join as a Maker?" actions={<JoinButton role="maker" label="Apply as a Maker" variant="inverse" />}>
        <p>It takes about ten minutes to apply. Have your portfolio, your website and a one-minute intro video ready.</p>
      </CtaBand>
    </>
  );
}
