// The double opt-in (decision 045): a request from the site stores a pending consent with the hash
// of a random token and mails the link; only the click makes the address a subscriber. Used by the
// contact form, the newsletter box, and the settings of a member whose address is not verified.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { forgetSubscriptionRequest, requestSubscription, type ConsentRequest, type SubscriptionRequestOutcome } from "../../db/newsletter";
import { newOptInToken } from "../../lib/opt-in-token";
import { DAY_MS, HOUR_MS } from "../../lib/time";
import { CONFIRMATION_RESEND_HOURS, CONFIRMATION_VALID_DAYS } from "#contracts/newsletter.ts";
import { createMailService } from "../mail";
import { consentText, subscriptionConfirmMail } from "../mail/newsletter";

/** The SPA page the confirmation link opens (app/routes/newsletter/confirm.tsx). */
export const CONFIRM_PATH = "/newsletter/confirm";

export type SubscribeRequest = Omit<ConsentRequest, "consentText">;

/**
 * Records the request and mails the confirmation link (in the person's language); when the mail
 * cannot be sent the request is forgotten and the error thrown. An address
 * already subscribed, suppressed by a bounce or complaint, or sent a confirmation in the last
 * CONFIRMATION_RESEND_HOURS gets no mail: the answer to the
 * person is the same either way, so the form reveals nothing about who is on the list.
 */
export async function askToSubscribe(env: AppEnv, db: DB, origin: string, request: SubscribeRequest, now = Date.now()): Promise<SubscriptionRequestOutcome> {
  const cfg = readConfig(env);
  const token = await newOptInToken(origin, CONFIRM_PATH);
  const outcome = await requestSubscription(
    db,
    { ...request, consentText: consentText(request.locale, request.source, cfg.BRAND_NAME) },
    token.hash,
    { validDays: CONFIRMATION_VALID_DAYS, resendAfterMs: CONFIRMATION_RESEND_HOURS * HOUR_MS },
    now,
  );
  if (outcome.kind !== "confirm") return outcome;
  const mail = subscriptionConfirmMail({
    to: request.email,
    brandName: cfg.BRAND_NAME,
    locale: request.locale,
    link: token.link,
    expiresAt: new Date(now + CONFIRMATION_VALID_DAYS * DAY_MS),
    contactLine: cfg.SENDER_CONTACT_LINE,
  });
  try {
    await createMailService(env, db).send(mail);
  } catch (err) {
    await forgetSubscriptionRequest(db, token.hash);
    throw err;
  }
  return outcome;
}

/** The visitor's country as Cloudflare saw the request (ISO 3166-1 alpha-2), for campaigns by country. */
export function requestCountry(raw: Request): string | null {
  const country = (raw as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX" && country !== "T1" ? country : null;
}
