import type { SignupRole, UserRole } from './constants';
import { SIGNUP_ROLES } from './constants';

/** The signed-in page where a person chooses their emails and in-app notifications. */
export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

export const dashboardPath = (role: UserRole): string => `/dashboard-${role}`;

/** The address parameter that names one project on a Projects tab: the tab brings its card into view. */
export const PROJECT_PARAM = 'project';

/**
 * Where one project is in a dashboard (there is no page per project): the Projects tab, opened at its card. Every
 * project notification, email and link leads here.
 */
export const projectCardPath = (role: UserRole, projectId: string): string => `${dashboardPath(role)}?tab=projects&${PROJECT_PARAM}=${encodeURIComponent(projectId)}`;
export const onboardPath = (role: SignupRole, redirectTo?: string | null): string =>
  redirectTo ? `/onboard-${role}?redirect=${encodeURIComponent(redirectTo)}` : `/onboard-${role}`;

/**
 * Every path the web app renders; anything else is a 404 (served with HTTP status 404). Paths are case-sensitive, and
 * the web router's routes are too (decision 176), so '/Marketplace' is the not-found page on both sides.
 */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/about$/,
  /^\/how-it-works$/,
  /^\/contact$/,
  /^\/auth$/,
  /^\/marketplace$/,
  /^\/studio\/[^/]+$/,
  /^\/for-makers$/,
  /^\/for-minds$/,
  /^\/ai-policy$/,
  /^\/verify$/,
  /^\/reset-password$/,
  /^\/unsubscribe$/,
  /^\/settings\/notifications$/,
  /^\/onboard-(maker|mind|client)$/,
  /^\/dashboard-(maker|mind|client|admin)$/,
  // Case-sensitive like every path (decision 176): only the conversation's id may be in capitals.
  /^\/inbox(\/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$/,
];

export const isAppPath = (pathname: string): boolean => {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(normalized));
};

export const parseSignupRole = (value: string | null | undefined): SignupRole =>
  (SIGNUP_ROLES as readonly string[]).includes(value ?? '') ? (value as SignupRole) : 'maker';

const SAME_SITE = 'http://same-site.invalid';

/** Only same-site relative paths are honoured as post-login destinations (no open redirect). */
export const safeRedirectPath = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from an address and read a backslash as '/': '/\t/evil.example' leaves the site.
  try {
    return new URL(value, SAME_SITE).origin === SAME_SITE ? value : null;
  } catch {
    return null;
  }
};
