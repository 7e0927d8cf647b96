import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Port of the simulator during development; `npm start` sets it for both processes. */
const simPort = Number(process.env.ASSETDECK_SIM_PORT ?? 8790);
const simTarget = `http://127.0.0.1:${simPort}`;

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: {
      // PROTOCOL.md section 1: REST under the proxy prefix, websockets under /ws.
      '/api': { target: simTarget, changeOrigin: true, rewrite: (p) => p.replace(/^\/api/, '') },
      '/ws': {
        target: simTarget.replace('http', 'ws'),
        ws: true,
        rewrite: (p) => p.replace(/^\/ws/, ''),
      },
    },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
});
