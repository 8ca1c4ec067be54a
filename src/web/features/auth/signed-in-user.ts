import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../domain/api-types';

export const SignedInUserContext = createContext<SessionUser | null>(null);

/** The user of a guarded page. Only valid below RequireRole, which guarantees a user. */
export function useSignedInUser(): SessionUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser must be used below RequireRole');
  return user;
}
