import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as account from './account/routes';
import * as admin from './admin/routes';
import * as adminApplications from './admin-applications/routes';
import * as adminContact from './admin-contact/routes';
import * as adminPayments from './admin-payments/routes';
import * as adminProjects from './admin-projects/routes';
import * as adminProvenance from './admin-provenance/routes';
import * as adminReports from './admin-reports/routes';
import * as adminSeal from './admin-seal/routes';
import * as adminSettings from './admin-settings/routes';
import * as adminUsers from './admin-users/routes';
import * as adminWhiteGlove from './admin-white-glove/routes';
import * as adminWorkshops from './admin-workshops/routes';
import * as aiPolicy from './ai-policy/routes';
import * as audit from './audit/routes';
import * as client from './client/routes';
import * as contact from './contact/routes';
import * as conversations from './conversations/routes';
import * as creatorDashboard from './creator-dashboard/routes';
import * as files from './files/routes';
import * as health from './health/routes';
import * as marketplace from './marketplace/routes';
import * as notifications from './notifications/routes';
import * as pageForms from './page-forms/routes';
import * as portfolio from './portfolio/routes';
import * as processRecord from './process-record/routes';
import * as profiles from './profiles/routes';
import * as payments from './payments/routes';
import * as reviews from './reviews/routes';
import * as projects from './projects/routes';
import * as sealCredentials from './seal-credentials/routes';
import * as seo from './seo/routes';
import * as studio from './studio/routes';
import * as uploads from './uploads/routes';
import * as whiteGlove from './white-glove/routes';
import * as workshops from './workshops/routes';

/** What a feature's routes.ts exports: the URL prefix of its routes, and the plugin that declares them. */
export interface FeatureRoutes {
  prefix: string;
  routes: FastifyPluginAsyncZod;
}

const feature = (name: string, module: FeatureRoutes) => ({ name, prefix: module.prefix, routes: module.routes });

/**
 * Every feature's routes, registered in this order. An explicit list (not a scan of the folders at run time) so the
 * compiler checks each module's exports and the server can be bundled (scripts/build-server.mjs). A feature folder
 * with a routes.ts that is missing here fails src/server/features/registry.test.ts. Every route still declares its
 * own access policy.
 */
export const features = [
  feature('account', account),
  feature('admin', admin),
  feature('admin-applications', adminApplications),
  feature('admin-contact', adminContact),
  feature('admin-payments', adminPayments),
  feature('admin-projects', adminProjects),
  feature('admin-provenance', adminProvenance),
  feature('admin-reports', adminReports),
  feature('admin-seal', adminSeal),
  feature('admin-settings', adminSettings),
  feature('admin-users', adminUsers),
  feature('admin-white-glove', adminWhiteGlove),
  feature('admin-workshops', adminWorkshops),
  feature('ai-policy', aiPolicy),
  feature('audit', audit),
  feature('client', client),
  feature('contact', contact),
  feature('conversations', conversations),
  feature('creator-dashboard', creatorDashboard),
  feature('files', files),
  feature('health', health),
  feature('marketplace', marketplace),
  feature('notifications', notifications),
  feature('page-forms', pageForms),
  feature('payments', payments),
  feature('portfolio', portfolio),
  feature('process-record', processRecord),
  feature('profiles', profiles),
  feature('projects', projects),
  feature('reviews', reviews),
  feature('seal-credentials', sealCredentials),
  feature('seo', seo),
  feature('studio', studio),
  feature('uploads', uploads),
  feature('white-glove', whiteGlove),
  feature('workshops', workshops),
] as const;

export const registerFeatures = async (app: FastifyInstance): Promise<string[]> => {
  for (const { prefix, routes } of features) await app.register(routes, { prefix });
  return features.map(({ name }) => name);
};
