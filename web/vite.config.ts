import { defineConfig } from 'vite';

// Relative URLs everywhere, so that any static host serves dist/ from any folder.
export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
