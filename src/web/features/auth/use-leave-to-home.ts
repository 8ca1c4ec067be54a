import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** How long leaving waits for the page to be replaced by the home page before going on anyway. */
const LEAVE_TIMEOUT_MS = 3000;

/**
 * Navigates home and resolves once the calling component (on a guarded page) has unmounted. The router renders
 * navigations as transitions while the session store updates at once: clearing the user before the guarded page is
 * gone would make its guard send the visitor to /auth instead of home. Sign-out and account deletion leave first,
 * then clear the session (decision 082).
 */
export function useLeaveToHome(): () => Promise<void> {
  const navigate = useNavigate();
  const pageGone = useRef<(() => void) | null>(null);
  useEffect(() => () => pageGone.current?.(), []);
  return () =>
    new Promise<void>((resolve) => {
      pageGone.current = resolve;
      void navigate('/', { replace: true });
      setTimeout(resolve, LEAVE_TIMEOUT_MS);
    });
}
