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
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
});
