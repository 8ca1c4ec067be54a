import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AboutTeaser, HomeHero, HumanCreativity, ReadyToJoin, StepsTeaser } from '../features/marketing/home-sections';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

/** The email-verification link lands on `/?verified=1`; confirm it once, then tidy the address bar. */
function useVerifiedNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isVerified = params.get('verified') === '1';
  const hasShown = useRef(false);
  useEffect(() => {
    if (!isVerified || hasShown.current) return;
    hasShown.current = true;
    // Through the app's toast, which also mounts the toast region (sonner alone would raise a toast nobody shows).
    toast.success('Your email address is confirmed. Thank you!');
    void navigate('/', { replace: true });
  }, [isVerified, navigate]);
}

export function HomePage() {
  usePageTitle('Work made by people, reviewed by people', { brandFirst: true });
  useVerifiedNotice();
  return (
    <>
      <HomeHero />
      <HumanCreativity />
      <AboutTeaser />
      <StepsTeaser />
      <ReadyToJoin />
    </>
  );
}
