import { Link } from 'react-router';
import type { CreatorRole } from '../../../domain/marketplace';
import { Button } from '../../components/ui/button';
import { NumberedRows, QualityList, Section, SectionHeading } from './blocks';
import type { CopyItem } from './content';

// The sections the For Makers and For Minds pages share, each with its own role's copy.

/** A large button that opens sign-up for the role. */
export function JoinButton({ role, label, variant }: { role: CreatorRole; label: string; variant?: 'inverse' }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={`/auth?type=${role}`}>{label}</Link>
    </Button>
  );
}

/** Why the role should join, and what it can expect on the way in. */
export function CreatorBenefitsAndPath({
  role,
  benefitsTitle,
  benefitsLead,
  benefits,
  pathTitle,
  path,
}: {
  role: CreatorRole;
  benefitsTitle: string;
  benefitsLead: string;
  benefits: readonly CopyItem[];
  pathTitle: string;
  path: readonly CopyItem[];
}) {
  return (
    <>
      <Section labelledBy={`${role}-benefits-heading`} className="pt-0 md:pt-0">
        <div className="grid gap-14 md:grid-cols-[1fr_1.4fr] md:gap-20">
          <SectionHeading id={`${role}-benefits-heading`} eyebrow="Why Humanmade" title={benefitsTitle}>
            <p>{benefitsLead}</p>
          </SectionHeading>
          <QualityList items={benefits} />
        </div>
      </Section>

      <Section labelledBy={`${role}-path-heading`} className="pt-0 md:pt-0">
        <SectionHeading id={`${role}-path-heading`} eyebrow="Your path" title={pathTitle} className="mb-12" />
        <NumberedRows items={path} />
      </Section>
    </>
  );
}
