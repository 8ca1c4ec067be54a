import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

interface FeatureModule {
  prefix: string;
  routes: FastifyPluginAsyncZod;
}

const featuresDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each feature folder with a routes.ts exporting `prefix` and `routes` is registered here, in name order.
 * Features never touch app.ts, and every route still declares its own access policy.
 */
export const registerFeatures = async (app: FastifyInstance): Promise<string[]> => {
  const names = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(featuresDir, entry.name, 'routes.ts')))
    .map((entry) => entry.name)
    .sort();
  for (const name of names) {
    const feature = (await import(pathToFileURL(path.join(featuresDir, name, 'routes.ts')).href)) as FeatureModule;
    if (typeof feature.routes !== 'function' || typeof feature.prefix !== 'string') {
      throw new Error(`features/${name}/routes.ts must export \`prefix\` and \`routes\``);
    }
    await app.register(feature.routes, { prefix: feature.prefix });
  }
  return names;
};
