import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The head for a server-rendered first paint (decision 084): the stylesheet first, the heading font preloaded so
 * the hero's display type does not swap in late, and the app's modules started by /boot.js after the first paint
 * (the page is readable without them; on a slow link its stylesheet, fonts and images go first). boot.js reads
 * the entry and the modules to preload from its data attributes; the server adds each route's own chunks.
 */
function firstPaintHead(): Plugin {
  return {
    name: 'humanmade:first-paint-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) throw new Error('first-paint-head: no entry script in index.html');
        const modules = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
        // Line by line: drop the entry and its preloads (boot.js starts them), and move the stylesheet first.
        const lines = html.split('\n').filter((line) => !/<script type="module"|<link rel="modulepreload"/.test(line));
        const stylesheets = lines.filter((line) => line.includes('<link rel="stylesheet"'));
        const rest = lines.filter((line) => !stylesheets.includes(line));
        const icon = rest.findIndex((line) => line.includes('<link rel="icon"'));
        const head = [...rest.slice(0, icon), ...stylesheets, ...rest.slice(icon)].join('\n');
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) => file.type === 'asset' && /fraunces-latin-opsz-normal.*\.woff2$/.test(file.fileName),
        );
        return {
          html: head,
          tags: [
            ...(font
              ? [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' as const }]
              : []),
            { tag: 'script', attrs: { src: '/boot.js', defer: true, 'data-entry': entry, 'data-preload': modules.join(' ') }, injectTo: 'head' as const },
          ],
        };
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
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      // The server-side build (dist/ssr) is read from disk by Node, never sent to browsers.
      if (!outDir) return;
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

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server-side build (entry-server.tsx into dist/ssr) needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), firstPaintHead(), precompressAssets()],
  // The server entry carries React and every other package it renders with, so the production server needs none
  // of them installed: they stay devDependencies and `npm ci --omit=dev` keeps server rendering (decision 110).
  ssr: { noExternal: true },
  // Like the browser build, the server entry keeps only React's production code; without this it would carry both
  // builds and pick one at run time from the server's NODE_ENV.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: isSsrBuild ? '../../dist/ssr' : '../../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to preload each public route's chunks with its HTML.
    manifest: !isSsrBuild,
    // Every browser we support has native modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
