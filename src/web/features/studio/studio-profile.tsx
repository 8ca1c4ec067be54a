import type { ReactNode } from 'react';
import { Download, ExternalLink, ShieldCheck } from 'lucide-react';
import { PLAN_LABELS, formatCategory, type StudioData } from '../../../domain/marketplace';
import { isHttpUrl } from '../../../domain/urls';
import { CreatorAvatar } from '../../components/creator-card';
import { RoleBadge } from '../../components/role-badge';
import { SealBadge } from '../../components/seal-badge';
import { Badge } from '../../components/ui/badge';
import { ClientSaveToggle } from '../client/client-save-toggle';
import { HireButton, MessageButton } from './hire-actions';
import { IntroVideo } from './intro-video';

const websiteLabel = (url: string): string => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-border py-4 first:border-t-0 first:pt-0">
      <dt className="eyebrow text-muted-foreground">{label}</dt>
      <dd className="mt-2">{children}</dd>
    </div>
  );
}

function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline" className="capitalize">
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The Seal's signed credential: a file to keep, and a public check anyone can run (/verify). */
function SealCredentialLinks({ makerId }: { makerId: string }) {
  const link = 'inline-flex items-center gap-1.5 rounded-sm text-accent-strong underline-offset-4 hover:underline';
  return (
    <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
      <a href={`/verify?maker=${encodeURIComponent(makerId)}`} className={link}>
        <ShieldCheck aria-hidden="true" className="size-4" />
        Verify this Seal
      </a>
      <a href={`/api/credentials/seal/${encodeURIComponent(makerId)}`} download className={link}>
        <Download aria-hidden="true" className="size-4" />
        Download credential
      </a>
    </p>
  );
}

/** Who the creator is: avatar, name, badges, bio and what they offer, with the hire action. */
export function StudioProfile({ studio }: { studio: StudioData }) {
  const isMaker = studio.role === 'maker';
  // The server only stores http(s) links; a link of any other kind is never made clickable here either.
  const website = studio.websiteLink && isHttpUrl(studio.websiteLink) ? studio.websiteLink : null;
  const hasFacts = isMaker ? studio.experienceYears !== null || studio.deliverableCategories.length > 0 || Boolean(website) : true;
  return (
    <section className="mx-auto grid max-w-6xl gap-12 px-5 pb-16 pt-12 sm:px-8 md:grid-cols-[1.35fr_1fr] md:gap-16 md:pt-20">
      <div>
        <CreatorAvatar name={studio.name} url={studio.avatarUrl} className="size-24 text-3xl" />
        <h1 className="mt-6 text-[2.5rem] leading-[1.05] sm:text-6xl">{studio.name}</h1>
        <div className="mt-4 flex items-center gap-3">
          <RoleBadge role={studio.role} className="text-sm" />
          {studio.sealStatus === 'verified' ? <SealBadge size="md" /> : null}
        </div>
        {/* Only with a credential in force: a Seal from before credentials existed may have none, and the links would 404. */}
        {studio.role === 'maker' && studio.sealStatus === 'verified' && studio.hasSealCredential ? <SealCredentialLinks makerId={studio.id} /> : null}
        <div className="mt-8 max-w-2xl whitespace-pre-line wrap-anywhere text-lg leading-relaxed text-ink/85">
          {studio.bio?.trim() || <span className="italic text-muted-foreground">No bio available</span>}
        </div>
        <div className="mt-10 flex flex-wrap gap-3">
          <HireButton creatorId={studio.id} role={studio.role} />
          <MessageButton creator={studio} />
          <ClientSaveToggle creator={studio} withLabel />
        </div>
      </div>
      <div className="space-y-6">
        {hasFacts ? (
          <dl className="rounded-2xl border border-border bg-surface p-6">
            {isMaker && studio.experienceYears !== null ? (
              <Fact label="Experience">
                {studio.experienceYears} {studio.experienceYears === 1 ? 'year' : 'years'}
              </Fact>
            ) : null}
            {isMaker && studio.deliverableCategories.length > 0 ? (
              <Fact label="Specialties">
                <TagList tags={studio.deliverableCategories.map(formatCategory)} />
              </Fact>
            ) : null}
            {!isMaker && studio.subscriptionPlan ? <Fact label="Plan">{PLAN_LABELS[studio.subscriptionPlan]}</Fact> : null}
            {!isMaker && studio.expertiseAreas.length > 0 ? (
              <Fact label="Expertise">
                <TagList tags={studio.expertiseAreas} />
              </Fact>
            ) : null}
            {isMaker && website ? (
              <Fact label="Website">
                <a
                  href={website}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex items-center gap-1.5 rounded-sm text-accent-strong underline underline-offset-4"
                >
                  {websiteLabel(website)}
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Fact>
            ) : null}
          </dl>
        ) : null}
        <IntroVideo url={studio.introVideoUrl} name={studio.name} />
      </div>
    </section>
  );
}
