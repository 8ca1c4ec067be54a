import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** Preloads the heading font so the hero's display type does not swap in late. */
function preloadHeadingFont(): Plugin {
  return {
    name: 'humanmade:preload-heading-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && /fraunces-latin-opsz-normal.*\.woff2$/.test(file.fileName),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes .br and .gz beside every text asset, so a static server that serves pre-compressed files (e.g.
 * @fastify/static with `preCompressed: true`) sends them compressed without compressing per request.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'humanmade:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const data = Buffer.from(source);
        if (data.length < 1024) continue;
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${target}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), preloadHeadingFont(), precompressAssets()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to preload each public route's chunks with its HTML.
    manifest: true,
    // Every browser we support has native modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
