import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../lib/api';
import { signOut } from '../../lib/session';

export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const run = async () => {
    setSigningOut(true);
    try {
      await signOut(queryClient, () => navigate('/', { replace: true }));
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : AUTH_MESSAGES.unexpected);
      setSigningOut(false);
    }
  };

  return { signOut: run, isSigningOut };
}
