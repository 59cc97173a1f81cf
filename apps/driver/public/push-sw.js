/*
 * The driver app's Web Push handlers, imported by the service worker that vite-plugin-pwa generates
 * (vite.config.ts, workbox importScripts). A push from the server (apps/server/src/modules/driver/push.ts)
 * carries { title, body, url, tag }: it is shown as a notification, and the open app is told to refresh
 * its tasks; a tap on the notification opens the task in the app (or focuses the app on it).
 */
/* eslint-env serviceworker */
self.addEventListener('push', (event) => {
  let n = {};
  try {
    n = event.data ? event.data.json() : {};
  } catch {
    n = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(n.title || '司机助手', {
        body: n.body || '',
        tag: n.tag || undefined,
        data: { url: n.url || self.registration.scope },
        icon: new URL('icons/icon-192.png', self.registration.scope).href,
      }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => list.forEach((c) => c.postMessage({ type: 'tms-driver-push', url: n.url || null }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || self.registration.scope, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => c.url.startsWith(self.registration.scope));
      if (!open) return self.clients.openWindow(url);
      return open.focus().then((c) => (c && 'navigate' in c ? c.navigate(url) : c));
    }),
  );
});
