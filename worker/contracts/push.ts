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
