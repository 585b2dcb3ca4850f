// The newsletter pages' requests (worker/routes/newsletter.ts). The signed link's token travels
// in the query string exactly as the mail carried it.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { Locale } from "../../i18n/locale";
import type { NewsletterPreferences, NewsletterPreferencesInput } from "#contracts/newsletter.ts";

export const NEWSLETTER_API = "/api/newsletter";

const withLink = (path: string, t: string) => `${NEWSLETTER_API}/${path}?t=${encodeURIComponent(t)}`;

export const newsletterKeys = { preferences: (t: string) => ["newsletter", "preferences", t] as const };

export const confirmSubscription = (token: string) => api<{ status: "subscribed" }>(`${NEWSLETTER_API}/confirm`, { method: "POST", json: { token } });

/** `headers`: the bot check's token (decision 090). */
export const askToSubscribe = (body: { email: string; locale: Locale }, headers: Record<string, string>) =>
  api<{ ok: true }>(`${NEWSLETTER_API}/subscribe`, { method: "POST", json: body, headers });

export const preferencesQueryOptions = (t: string) =>
  queryOptions({
    queryKey: newsletterKeys.preferences(t),
    queryFn: ({ signal }) => api<NewsletterPreferences>(withLink("preferences", t), { signal }),
  });

export const savePreferences = (t: string, body: NewsletterPreferencesInput) =>
  api<NewsletterPreferences>(withLink("preferences", t), { method: "PUT", json: body });

/** The one-click unsubscribe: a POST, sent by the page's script (a link scanner's GET changes nothing). */
export const unsubscribe = (t: string) => api<NewsletterPreferences>(withLink("unsubscribe", t), { method: "POST" });
