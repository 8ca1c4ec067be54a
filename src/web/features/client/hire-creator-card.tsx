import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import { LIMITS } from '../../../domain/constants';
import { formatDeliverableType } from '../../../domain/project-schemas';
import { SearchMatchLine } from '../../components/creator-card';
import { RatingSummaryLine } from '../../components/rating-stars';
import { RoleBadge } from '../../components/role-badge';
import { SealBadge } from '../../components/seal-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CreatorAvatar } from './creator-avatar';
import { SaveCreatorButton } from './saved-creators';

/** A creator the client can hire: avatar, name, Seal, specialties and 'Hire Creator'; with `saved`, the shortlist toggle. */
export function HireCreatorCard({
  creator,
  onHire,
  saved,
  headingLevel = 'h3',
}: {
  creator: CreatorCard;
  onHire: (creatorId: string) => void;
  saved?: boolean;
  /** h4 under the 'Saved creators' heading, which is itself an h3. */
  headingLevel?: 'h3' | 'h4';
}) {
  const Heading = headingLevel;
  const tags = creator.role === 'maker' ? creator.deliverableCategories.map(formatDeliverableType) : creator.expertiseAreas;
  const shown = tags.slice(0, LIMITS.cardTags);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-center gap-4">
        <CreatorAvatar name={creator.name} url={creator.avatarThumbnailUrl ?? creator.avatarUrl} />
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <Heading className="truncate text-lg">{creator.name}</Heading>
            {creator.sealVerified ? <SealBadge size="sm" /> : null}
          </div>
          <RoleBadge role={creator.role} className="mt-1" />
        </div>
        {saved === undefined ? null : <SaveCreatorButton creator={creator} saved={saved} className="-mr-2 -mt-2 ml-auto self-start" />}
      </div>
      <RatingSummaryLine rating={creator.rating} className="mt-3" />
      {/* The card shows no bio: without this, a creator found by a word of theirs did not say why it was listed. */}
      <SearchMatchLine match={creator.matchedField} className="mt-3" />
      {shown.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Specialties">
          {shown.map((tag) => (
            <li key={tag}>
              <Badge variant="neutral" className="capitalize">
                {tag}
              </Badge>
            </li>
          ))}
          {tags.length > shown.length ? (
            <li>
              <Badge variant="muted">+{tags.length - shown.length} more</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-5">
        <Button size="sm" onClick={() => onHire(creator.id)} aria-label={`Hire Creator: ${creator.name}`}>
          <UserPlus aria-hidden="true" />
          Hire Creator
        </Button>
        <Button asChild variant="link" size="sm">
          <Link to={`/studio/${creator.id}`}>View studio</Link>
        </Button>
      </div>
    </Card>
  );
}
