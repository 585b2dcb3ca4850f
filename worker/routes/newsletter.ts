// The newsletter for people (decision 045):
// - /api/newsletter/subscribe and /confirm: the double opt-in from the site;
// - /api/newsletter/preferences and /unsubscribe?t=<signed link>: no sign-in, the link in every
//   campaign mail. /unsubscribe is also the List-Unsubscribe URL a mail client POSTs to (RFC 8058:
//   `List-Unsubscribe=One-Click` in a form body, from the provider's servers), so it is exempt from
//   the same-origin check and answers the same to every well-signed POST;
// - /api/account/newsletter: a signed-in member's own choice (settings).
import { Hono, type Context } from "hono";
import { readConfig } from "../env";
import type { HonoEnv } from "../types";
import { validate } from "../lib/validate";
import { routeError } from "../lib/errors";
import { optInTokenHash } from "../lib/opt-in-token";
import { verifyContactLink } from "../lib/signed-link";
import { requireUser } from "../middleware/guards";
import { requireVerifiedEmail } from "../middleware/email-verified";
import { RATE_LIMITS } from "#contracts/limits.ts";
import {
  newsletterPreferencesInput,
  newsletterSubscribeInput,
  newsletterTokenInput,
  preferencesQuery,
  type NewsletterPreferences,
} from "#contracts/newsletter.ts";
import type { ContactRow } from "../db/newsletter";
import { confirmSubscription, findContact, findMemberContact, savePreferences, setMemberSubscription, unsubscribeContact } from "../db/newsletter";
import { clientIp, hitEdgeLimit, hitRateLimit } from "../services/rate-limit";
import { requireHuman } from "../services/bot-check";
import { askToSubscribe, requestCountry } from "../services/newsletter/subscription";
import { consentText } from "../services/mail/newsletter";
import { requestLanguage } from "../middleware/content-language";

/** "ana.souza@example.com" → "an•••••••@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${"•".repeat(Math.max(1, local.length - shown.length))}${email.slice(at)}`;
}

const preferencesOf = (contact: ContactRow, email = maskEmail(contact.email)): NewsletterPreferences => ({
  email,
  status: contact.status,
  topics: contact.topics,
  locale: contact.locale,
});

const INVALID_LINK = () => routeError("invalid_link");

/** The contact a signed link names (404 invalid_link when the signature is wrong or the contact gone). */
async function linkedContact(c: Context<HonoEnv>, token: string) {
  const link = await verifyContactLink(readConfig(c.env).SESSION_SECRET, token);
  if (!link) throw INVALID_LINK();
  const contact = await findContact(c.var.db, link.contactId);
  if (!contact) throw INVALID_LINK();
  return { link, contact };
}

/** The sentence the page showed, in the page's language (not the language chosen for the mails). */
function shownConsent<E extends HonoEnv>(c: Context<E>, source: "preferences" | "settings") {
  const locale = requestLanguage(c);
  return { text: consentText(locale, source, readConfig(c.env).BRAND_NAME), locale };
}

const SUPPRESSED = () => routeError("address_suppressed");

export const newsletterRoutes = new Hono<HonoEnv>()
  .post("/subscribe", validate("json", newsletterSubscribeInput), async (c) => {
    const { email, locale, source } = c.req.valid("json");
    await hitEdgeLimit(c.env, "newsSignupsPerIp", clientIp(c.req));
    await hitRateLimit(c.var.db, `newsletter:ip:${clientIp(c.req)}`, RATE_LIMITS.contactPerIp);
    await requireHuman(c, "newsletter");
    await askToSubscribe(c.env, c.var.db, new URL(c.req.url).origin, {
      email,
      locale,
      country: requestCountry(c.req.raw),
      source,
      userId: c.var.user?.id ?? null,
    });
    // The same answer whether the address was new, pending, subscribed or suppressed.
    return c.json({ ok: true as const }, 202);
  })

  .post("/confirm", validate("json", newsletterTokenInput), async (c) => {
    const outcome = await confirmSubscription(c.var.db, await optInTokenHash(c.req.valid("json").token));
    if (outcome.kind === "invalid") throw routeError("invalid_token");
    if (outcome.kind === "suppressed") throw SUPPRESSED();
    return c.json({ status: "subscribed" as const });
  })

  .get("/preferences", validate("query", preferencesQuery), async (c) => {
    const { contact } = await linkedContact(c, c.req.valid("query").t);
    return c.json<NewsletterPreferences>(preferencesOf(contact));
  })

  .put("/preferences", validate("query", preferencesQuery), validate("json", newsletterPreferencesInput), async (c) => {
    const { contact } = await linkedContact(c, c.req.valid("query").t);
    const choice = c.req.valid("json");
    const outcome = await savePreferences(c.var.db, contact.id, choice, shownConsent(c, "preferences"));
    if (outcome.kind === "not_found") throw INVALID_LINK();
    if (outcome.kind === "suppressed") throw SUPPRESSED();
    return c.json<NewsletterPreferences>(preferencesOf(outcome.contact));
  })

  // RFC 8058 one-click: the body is `List-Unsubscribe=One-Click` (form-encoded) from a mail client,
  // or empty from the preference page. Either way one POST on a signed link unsubscribes.
  .post("/unsubscribe", validate("query", preferencesQuery), async (c) => {
    const { link, contact } = await linkedContact(c, c.req.valid("query").t);
    const after = await unsubscribeContact(c.var.db, contact.id, link.campaignId);
    return c.json<NewsletterPreferences>(preferencesOf(after ?? contact));
  });

/** /api/account/newsletter: the member's own subscription, from settings. */
export const accountNewsletterRoutes = new Hono<HonoEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const user = c.var.user!;
    const contact = await findMemberContact(c.var.db, user.id, user.email);
    const preferences: NewsletterPreferences = contact
      ? preferencesOf(contact, user.email)
      : { email: user.email, status: "none", topics: ["news", "events"], locale: user.locale ?? "en" };
    return c.json(preferences);
  })
  // Subscribing from settings is confirmed at once: the address is the account's, and verified.
  .put("/", requireVerifiedEmail, validate("json", newsletterPreferencesInput), async (c) => {
    const user = c.var.user!;
    const choice = c.req.valid("json");
    const outcome = await setMemberSubscription(c.var.db, user, choice, shownConsent(c, "settings"), requestCountry(c.req.raw));
    if (outcome.kind === "suppressed") throw SUPPRESSED();
    return c.json<NewsletterPreferences>(
      outcome.contact.id ? preferencesOf(outcome.contact, user.email) : { email: user.email, status: "none", topics: choice.topics, locale: choice.locale },
    );
  });
