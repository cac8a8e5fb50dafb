import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), sitePages()],
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
