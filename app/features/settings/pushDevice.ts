// Web push on this device: the browser's subscription (through the site's service worker
// registration) and the Worker's copy of it (POST/DELETE /api/notifications/push).
import { api } from "../../lib/api";
import { NOTIFICATIONS_API } from "#contracts/notifications.ts";

/** Whether this browser can receive web push at all (service workers, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The browser's answer to "may this site show notifications?" ("denied" is "blocked in the browser"). */
export const notificationPermission = (): NotificationPermission => Notification.permission;

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * This device's subscription, if any. getRegistration, not `ready`: `ready` never settles on a
 * page the service worker does not control yet, and this only asks.
 */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A service worker that never becomes ready (none registered): give up instead of spinning forever. */
const READY_TIMEOUT_MS = 10_000;

function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("service worker not ready")), READY_TIMEOUT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    }, reject);
  });
}

export type EnableOutcome = "subscribed" | "denied" | "dismissed";

/** Asks permission, subscribes this browser and hands the subscription to the Worker. */
export async function enablePush(publicKey: string): Promise<EnableOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "dismissed";
  const registration = await serviceWorkerReady();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  try {
    await api<void>(`${NOTIFICATIONS_API}/push`, { method: "POST", json: subscription.toJSON() });
  } catch (error) {
    // The Worker did not keep it: leave the browser unsubscribed too, so the page tells the truth.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return "subscribed";
}

/** Unsubscribes this browser and tells the Worker to forget the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  // The browser first: once unsubscribed, nothing reaches this device even if the DELETE fails
  // (the Worker then drops the endpoint on the push service's 410).
  await subscription.unsubscribe();
  await api<void>(`${NOTIFICATIONS_API}/push`, { method: "DELETE", json: { endpoint } });
}
