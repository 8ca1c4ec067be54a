import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { Button } from '../components/ui/button';
import { CtaBand, NumberedRows, QualityList, Section, SectionHeading } from '../features/marketing/blocks';
import { MAKER_BENEFITS, MAKER_PATH } from '../features/marketing/content';
import { SealExplainer } from '../features/marketing/seal-explainer';
import { WorkShowcase } from '../features/marketing/work-showcase';
import { usePageTitle } from '../lib/use-page-title';

export function ForMakersPage() {
  usePageTitle('For Makers');
  const join = (label: string, variant?: 'inverse') => (
    <Button asChild size="lg" variant={variant}>
      <Link to="/auth?type=maker">{label}</Link>
    </Button>
  );
  return (
    <>
      <PageIntro eyebrow="For creative producers" title="For Makers" actions={join('Join as a Maker')}>
        <p>
          You make branding, logos, websites, social content and editorial work. Show your process alongside your
          portfolio, get verified by our team, and meet clients who are looking for exactly that.
        </p>
      </PageIntro>

      <Section labelledBy="maker-benefits-heading" className="pt-0 md:pt-0">
        <div className="grid gap-14 md:grid-cols-[1fr_1.4fr] md:gap-20">
          <SectionHeading id="maker-benefits-heading" eyebrow="Why Humanmade" title="Made for people who make.">
            <p>A marketplace where the way you work is the reason you get hired.</p>
          </SectionHeading>
          <QualityList items={MAKER_BENEFITS} />
        </div>
      </Section>

      <Section labelledBy="maker-path-heading" className="pt-0 md:pt-0">
        <SectionHeading id="maker-path-heading" eyebrow="Your path" title="Five steps to your studio." className="mb-12" />
        <NumberedRows items={MAKER_PATH} />
      </Section>

      <SealExplainer />

      <Section labelledBy="maker-work-heading">
        <SectionHeading id="maker-work-heading" eyebrow="In the marketplace" title="Work by Makers already here." className="mb-12" />
        <WorkShowcase limit={6} className="sm:grid-cols-3" fallback={<p className="text-muted-foreground">The first studios are opening soon.</p>} />
      </Section>

      <CtaBand id="maker-cta-heading" title="Ready to Join as a Maker?" actions={join('Apply as a Maker', 'inverse')}>
        <p>It takes about ten minutes to apply. Have your portfolio, your website and a one-minute intro video ready.</p>
      </CtaBand>
    </>
  );
}
