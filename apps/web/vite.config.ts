import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { isSitePath } from '../../packages/shared/src/public-routes';

/** In development, serve the public-site entry for its paths, as the server does in production. */
function sitePages(): Plugin {
  return {
    name: 'pennant-site-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (isSitePath(path)) req.url = '/site.html';
        next();
      });
    },
  };
}

/**
 * Brotli and gzip copies beside every compressible file of the build (x.js.br, x.js.gz), which the
 * server sends to browsers that accept them (apps/server/src/http/static-files.ts). Files under
 * 1 KB stay as they are: their headers outweigh what compression saves. Images and fonts are
 * compressed already. (A failed compression fails the build: the plugin's log level stays on.)
 */
const precompress = compression({
  include: /\.(?:html|js|mjs|css|json|svg|txt|xml|map|webmanifest|wasm)$/,
  threshold: 1024,
  // At their highest levels (the plugin's defaults): it is done once, at build.
  algorithms: ['brotliCompress', 'gzip'],
});

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), sitePages(), precompress],
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        app: resolve(import.meta.dirname, 'index.html'),
        site: resolve(import.meta.dirname, 'site.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/healthz': apiTarget,
    },
  },
});
