export interface NavItem {
  to: string;
  label: string;
}

export const PRIMARY_NAV: readonly NavItem[] = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/for-makers', label: 'For Makers' },
  { to: '/for-minds', label: 'For Minds' },
  { to: '/contact', label: 'Contact Us' },
];

export const FOOTER_PLATFORM_NAV: readonly NavItem[] = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/contact', label: 'Contact' },
];

export const FOOTER_START_NAV: readonly NavItem[] = [
  { to: '/for-makers', label: 'For Makers' },
  { to: '/for-minds', label: 'For Minds' },
  { to: '/auth', label: 'Join' },
];
