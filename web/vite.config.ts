import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/** The vocabulary the API shares with the browser (api/src/shared: contracts, typed maps, permissions, pure rules). */
const sharedDir = fileURLToPath(new URL('../api/src/shared', import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@shared': sharedDir },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
