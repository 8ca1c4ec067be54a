import type { UserRole } from './constants';

/** The signed-in user as the API reports it from GET /api/me. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: UserRole;
}

/** Every API error has this shape. `fields` maps a field name to its message. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}
