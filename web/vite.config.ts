import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Text files worth compressing; smaller ones gain nothing from it. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) file beside every text asset once the build
 * is written, so the server sends them without compressing per request (api/src/core/http/precompressed-static.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aforo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) visit(path);
          else if (COMPRESSIBLE.test(name)) {
            const body = readFileSync(path);
            if (body.length < MIN_BYTES) continue;
            const br = brotliCompressSync(body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
            });
            const gz = gzipSync(body, { level: 9 });
            if (br.length < body.length) writeFileSync(`${path}.br`, br);
            if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
          }
        }
      };
      visit(outDir);
    },
  };
}

/**
 * engine.io-client (under socket.io-client) builds its table of transports from one module that imports
 * HTTP long-polling and WebTransport too; this app connects with `transports: ['websocket']` only
 * (web/src/lib/live/socket.ts; the server and HAProxy expect nothing else). This puts a table with the
 * WebSocket transport alone in that module's place, so the other transports' code never reaches the
 * citizens' phones (docs/decisions/web.md). If engine.io-client moves that module, the build fails here
 * instead of silently shipping the unused transports again.
 */
function websocketTransportOnly(): Plugin {
  const PREFIX = '\0aforo-websocket-only:';
  let replaced = false;
  return {
    name: 'aforo-websocket-transport-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './transports/index.js' || !importer || !/[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]socket\.js$/.test(importer))
        return null;
      replaced = true;
      return PREFIX + join(dirname(importer), 'transports/websocket.js');
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `import { WS } from ${JSON.stringify(id.slice(PREFIX.length))};\nexport const transports = { websocket: WS };\n`;
    },
    // engine.io-client's index re-exports every transport and declares no `sideEffects`; its other transports'
    // files only define classes (and probe XMLHttpRequest), so they may go when nothing uses them.
    transform(code, id) {
      if (!/[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/](polling|polling-xhr|polling-fetch|webtransport)\.js$/.test(id))
        return null;
      return { code, moduleSideEffects: false };
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error('engine.io-client: transports/index.js was not found; update websocketTransportOnly() in web/vite.config.ts');
    },
  };
}

/** The vocabulary the API shares with the browser (api/src/shared: contracts, typed maps, permissions, pure rules). */
const sharedDir = fileURLToPath(new URL('../api/src/shared', import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * The door's installable, offline app (issue 28 §2; docs/decisions/puerta.md). Workbox precaches the app's own files
 * (the shell, every page's chunk, the QR reader's .wasm) and answers navigations to a door page — and only those —
 * with the cached index.html; nothing else is intercepted: the API and socket.io always go to the network. Only the
 * door page registers the worker (features/door/pwa.ts): citizens' phones never get one.
 */
const doorPwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  // The door page links its own manifest (public/puerta.webmanifest): other pages never fetch one.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
    // The QR reader's WebAssembly is about 1.1 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/eventos-(externos|internos)\/\d+\/puerta\/?$/, /^\/puerta\/?$/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [],
  },
});

export default defineConfig({
  plugins: [react(), websocketTransportOnly(), doorPwa, precompress()],
  resolve: {
    alias: { '@shared': sharedDir },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser that runs this app's JavaScript supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in the entry's file: /eventos is one request.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The shared building blocks the other pages use (ui components, helpers, contracts), in one file
            // instead of a dozen small ones, each with its own request and headers.
            { name: 'common', test: /[\\/]web[\\/]src[\\/](components[\\/]ui|lib)[\\/]|[\\/]api[\\/]src[\\/]shared[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    fs: { allow: ['.', sharedDir] },
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
