import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../lib/api';
import { signOut } from '../../lib/session';
import { useLeaveToHome } from './use-leave-to-home';

export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const leave = useLeaveToHome();
  const [isSigningOut, setSigningOut] = useState(false);

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
