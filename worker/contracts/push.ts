// What a web push message carries: the Worker encrypts it (worker/services/push) and the
// service worker decrypts it and shows the notification. Plain types, no zod, so the service
// worker can import this file without pulling a validator into its bundle.

export type PushLang = "en" | "pt-BR";

/**
 * One notification as the service worker shows it. The texts are already in the member's
 * language (`lang`), because the service worker has no message catalog; `url` is the page to
 * focus or open on click (a same-origin path such as "/feed/posts/…"); `tag` groups
 * notifications so a newer one with the same tag replaces the older (Notification.tag).
 */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: PushLang;
};

/**
 * The largest payload, as UTF-8 JSON bytes, that fits one aes128gcm record within the 4096
 * octets every push service must accept (RFC 8030 §7.2): 4096 - 86 header - 17 (delimiter and
 * GCM tag). A longer payload is not sent ("failed"); callers keep `body` to an excerpt.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;

/** Browsers (push subscriptions) kept per member: a new one past this drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * The push services browsers subscribe through, the only hosts the Worker will POST a
 * notification to: Chrome and most Chromium browsers (FCM), Firefox (Mozilla autopush), Safari
 * (Apple) and Edge (Windows Push Notification Services). Anything else a member registers would
 * turn the Worker into their HTTP client.
 */
const PUSH_SERVICE_HOSTS = new Set(["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);
/** Subdomain patterns the services document (Apple: "*.push.apple.com"; WNS: "*.notify.windows.com"). */
const PUSH_SERVICE_SUFFIXES = [".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"];
/** A local push service (a test double) only under APP_ENV=local, and only on these exact hosts. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost"]);

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);

/**
 * Whether a subscription's endpoint is a push service the Worker may send to: https on its
 * default port to an allowed host, with no user info; plain http to 127.0.0.1 or localhost only
 * when `allowLoopback` (APP_ENV=local). Checked when a browser registers and again before sending.
 */
export function pushEndpointAllowed(endpoint: string, { allowLoopback }: { allowLoopback: boolean }): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return url.port === "" && isPushServiceHost(url.hostname);
  return allowLoopback && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}
