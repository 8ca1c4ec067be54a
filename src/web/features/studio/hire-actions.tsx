import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { MARKETPLACE_MESSAGES, hireDestination, type CreatorRole } from '../../../domain/marketplace';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';

/** Where hiring leads depends on who is looking (`hireDestination`); both buttons do the same. */
export function useHireHref(creatorId: string): string {
  const { user } = useSession();
  return hireDestination(user, creatorId);
}

export function HireButton({ creatorId, role, variant = 'primary', size = 'lg' }: { creatorId: string; role: CreatorRole; variant?: 'primary' | 'inverse'; size?: 'md' | 'lg' }) {
  const href = useHireHref(creatorId);
  return (
    <Button asChild size={size} variant={variant}>
      <Link to={href}>{role === 'maker' ? MARKETPLACE_MESSAGES.hireMaker : MARKETPLACE_MESSAGES.hireMind}</Link>
    </Button>
  );
}

export function GetStartedButton({ creatorId, variant = 'inverse' }: { creatorId: string; variant?: 'primary' | 'inverse' }) {
  const href = useHireHref(creatorId);
  return (
    <Button asChild size="lg" variant={variant}>
      <Link to={href}>{MARKETPLACE_MESSAGES.getStarted}</Link>
    </Button>
  );
}

const MessageCreatorDialog = lazy(() => import('../inbox/message-creator-dialog').then((m) => ({ default: m.MessageCreatorDialog })));

/** 'Message' for a signed-in client: opens (or continues) their conversation with this creator. */
export function MessageButton({ creator }: { creator: { id: string; name: string } }) {
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  if (user?.role !== 'client') return null;
  return (
    <>
      <Button size="lg" variant="secondary" onClick={() => setOpen(true)}>
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <MessageCreatorDialog creator={creator} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
