import { useNavigate, useSearchParams } from 'react-router';
import { dashboardPath, safeRedirectPath } from '../../../domain/routes';
import type { SignupRole } from '../../../domain/constants';

/**
 * Where a finished onboarding leads: back to what the person set out to do before signing up (a studio's
 * hire button, a guarded page), carried as `?redirect=` from /auth, else their dashboard.
 */
export function useAfterOnboarding(role: SignupRole): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirect')) ?? dashboardPath(role);
  return () => void navigate(target);
}
