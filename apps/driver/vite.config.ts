import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The driver app, served by the server at /driver/. The service worker (workbox, generated at
 * build time) precaches the whole app, so it opens offline after the first visit; API calls are
 * never cached (the outbox keeps the writes, localStorage the last answers). It also shows the Web Push
 * notifications of new tasks (public/push-sw.js).
 */
export default defineConfig({
  base: '/driver/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/*.png'],
      manifest: {
        id: '/driver/',
        name: 'TMS 司机助手',
        short_name: '司机助手',
        description: '任务、签收回单与位置上报，离线可用',
        lang: 'zh-CN',
        start_url: '/driver/',
        scope: '/driver/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f5f5f5',
        theme_color: '#1677ff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: '/driver/index.html',
        navigateFallbackAllowlist: [/^\/driver\//],
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // the hashed assets carry their version in their name
        dontCacheBustURLsMatching: /\/assets\//,
        // Web Push: the notification of a new task (public/push-sw.js)
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  server: { port: 8001, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    // every module of the first load (what the entry imports statically: the shell and the sign-in screen) in one chunk.
    // The default splits the modules it shares with the lazily loaded screens into several small chunks (React's JSX
    // runtime, the API client, antd-mobile helpers): on a slow network each is one more request before the sign-in
    // screen works, which cost more than the bytes it saved. (antd-mobile is imported one component at a time: its index
    // would make every component part of the first load.)
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
