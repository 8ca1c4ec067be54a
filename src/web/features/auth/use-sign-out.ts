import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../lib/api';
import { signOut } from '../../lib/session';

/** How long sign-out waits for the page to be replaced by the home page before clearing the session anyway. */
const LEAVE_TIMEOUT_MS = 3000;

export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const pageGone = useRef<(() => void) | null>(null);
  useEffect(() => () => pageGone.current?.(), []);

  // The router renders navigations as transitions, while the session store updates at once: clearing the user
  // before the guarded page is gone would make its guard send the visitor to /auth instead of home. So leave
  // first, and clear the session once this page has unmounted.
  const leave = () =>
    new Promise<void>((resolve) => {
      pageGone.current = resolve;
      navigate('/', { replace: true });
      setTimeout(resolve, LEAVE_TIMEOUT_MS);
    });

  const run = async () => {
    setSigningOut(true);
    try {
      await signOut(queryClient, leave);
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : AUTH_MESSAGES.unexpected);
      setSigningOut(false);
    }
  };

  return { signOut: run, isSigningOut };
}
