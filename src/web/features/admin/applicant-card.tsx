import type { ReactNode } from 'react';
import { ExternalLink, Globe, Video } from 'lucide-react';
import { humanizeCategory, type MakerApplication, type MindApplication } from '../../../domain/admin-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PersonAvatar, RowCard } from './admin-bits';
import { formatDate } from './format';

const PLAN_LABELS = { basic: 'Basic', pro: 'Pro', premium: 'Premium' } as const;

type Applicant = ({ kind: 'maker' } & MakerApplication) | ({ kind: 'mind' } & MindApplication);

interface ApplicantCardProps {
  applicant: Applicant;
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** One application: who they are, what they offer, and the two decisions. */
export function ApplicantCard({ applicant, isBusy, onApprove, onReject }: ApplicantCardProps) {
  const headingId = `applicant-${applicant.userId}`;
  return (
    <RowCard aria-labelledby={headingId}>
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 gap-4">
          <PersonAvatar name={applicant.name} url={applicant.avatarUrl} />
          <div className="min-w-0 space-y-2.5">
            <div className="flex flex-wrap items-center gap-2">
              {/* Focusable by script: focus lands here when the card above it is approved or rejected. */}
              <h4 id={headingId} tabIndex={-1} className="text-xl">
                {applicant.name}
              </h4>
              {applicant.kind === 'mind' ? <Badge variant="accent">{PLAN_LABELS[applicant.subscriptionPlan]}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {applicant.email}
              {applicant.submittedAt ? <> · Submitted {formatDate(applicant.submittedAt)}</> : null}
            </p>
            {applicant.kind === 'maker' ? (
              <p className="text-sm text-ink">
                {applicant.experienceYears === null
                  ? 'Experience not given'
                  : `${applicant.experienceYears} ${applicant.experienceYears === 1 ? 'year' : 'years'} of experience`}
              </p>
            ) : null}
            <ul className="flex flex-wrap gap-1.5" aria-label={applicant.kind === 'maker' ? 'Categories' : 'Expertise'}>
              {(applicant.kind === 'maker' ? applicant.deliverableCategories.map(humanizeCategory) : applicant.expertiseAreas).map((item) => (
                <li key={item}>
                  <Badge variant="neutral" className="capitalize">
                    {item}
                  </Badge>
                </li>
              ))}
            </ul>
            {applicant.bio ? <p className="line-clamp-3 max-w-prose text-sm leading-relaxed text-muted-foreground">{applicant.bio}</p> : null}
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {applicant.introVideoUrl ? (
                <ExternalAnchor href={applicant.introVideoUrl}>
                  <Video aria-hidden="true" className="size-4" />
                  Watch intro video
                </ExternalAnchor>
              ) : (
                <span className="text-sm text-muted-foreground">No intro video</span>
              )}
              {applicant.kind === 'maker' && applicant.websiteLink ? (
                <ExternalAnchor href={applicant.websiteLink}>
                  <Globe aria-hidden="true" className="size-4" />
                  Website
                </ExternalAnchor>
              ) : null}
              <ExternalAnchor href={`/studio/${applicant.userId}`}>
                <ExternalLink aria-hidden="true" className="size-4" />
                Studio preview ({applicant.portfolioCount} portfolio {applicant.portfolioCount === 1 ? 'item' : 'items'})
              </ExternalAnchor>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 gap-2.5">
          <Button size="sm" onClick={onApprove} disabled={isBusy} aria-describedby={headingId}>
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={onReject} disabled={isBusy} aria-describedby={headingId}>
            Reject
          </Button>
        </div>
      </div>
    </RowCard>
  );
}

export type { Applicant };
