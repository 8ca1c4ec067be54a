import type { DeliverableCategory } from './constants';

/**
 * The product's labels for the client-dashboard category select, plus the sixth category. A module of its own so that
 * the home page's showcase reads them without the rest of the marketplace's code.
 */
export const CATEGORY_LABELS: Record<DeliverableCategory, string> = {
  branding_packages: 'Branding',
  logo_design: 'Logo Design',
  web_design: 'Web Design',
  social_media_assets: 'Social Media',
  content_marketing: 'Content Marketing',
  editorial_design: 'Editorial Design',
};
