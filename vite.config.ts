import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/ui',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/ui',
    emptyOutDir: true,
    sourcemap: false,
    // dist/ui/.vite/manifest.json: which chunk is which route, for `npm run size`.
    manifest: true,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
});
