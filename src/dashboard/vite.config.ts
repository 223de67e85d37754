import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the dashboard from app/ into dist/, which the server serves at `/` and the package ships prebuilt. */
export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
  },
  server: { host: '127.0.0.1', proxy: { '/agents': 'http://127.0.0.1:7077', '/health': 'http://127.0.0.1:7077', '/version': 'http://127.0.0.1:7077' } },
});
