/**
 * New-task notifications (Web Push): the driver turns them on in "Me"; the phone subscribes with its
 * browser's push service using the server's VAPID key and the server stores the subscription
 * (/api/driver/push/*). The service worker (public/push-sw.js) shows each push and tells the open app,
 * which refreshes its tasks. Without push (or when refused) new tasks show at the next refresh.
 */
import { send } from './api.ts';

export const PUSH_EVENT = 'tms-driver-push';

export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export class PushDenied extends Error {}

const fromB64url = (s: string) => {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** The service worker's registration (the app registers it at start; a page without one gives up after 10 s). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, no) => setTimeout(() => no(new Error('no service worker')), 10_000)),
  ]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/** The subscription as the server takes it (PushSubscription.toJSON() types every part optional; a missing one is refused there). */
function subscription(sub: PushSubscription) {
  const j = sub.toJSON();
  return { ...j, endpoint: j.endpoint ?? sub.endpoint, keys: { p256dh: j.keys?.p256dh ?? '', auth: j.keys?.auth ?? '' } };
}

/** Asks for the permission, subscribes (again, when the server's key differs) and tells the server. */
export async function enablePush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDenied('denied');
  const { publicKey } = await send('pushKey');
  const key = fromB64url(publicKey);
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  const same = (k: ArrayBuffer | null | undefined) => !!k && new Uint8Array(k).every((b, i) => b === key[i]) && k.byteLength === key.length;
  if (sub && !same(sub.options.applicationServerKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await send('pushSubscribe', { body: subscription(sub) });
}

/** Forgets the subscription, on the server and in the browser. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription().catch(() => null);
  if (!sub) return;
  await send('pushUnsubscribe', { body: { endpoint: sub.endpoint } }).catch(() => undefined);
  await sub.unsubscribe();
}

/** At start: a subscription the phone already has is sent again (the server may have dropped it, or another driver signed in). */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const sub = await currentSubscription();
  if (sub) await send('pushSubscribe', { body: subscription(sub) });
}

/** Tells the app (a window event) when the service worker received a push. */
export function listenForPushes(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === PUSH_EVENT) window.dispatchEvent(new Event(PUSH_EVENT));
  });
}
