// A person's subscription to the newsletter (decision 045): the double opt-in's request and
// confirmation, a member's choice in settings, the signed link's preferences and unsubscribe, and
// the expiry of requests nobody confirmed. Each function returns what happened; the routes decide
// what it means. Every consent is a marketing_consents row: where, the words shown, their language.
import type { DB } from "./client";
import { newId } from "../lib/crypto";
import { DAY_MS } from "../lib/time";
import type { Locale } from "#contracts/locale.ts";
import type { ConsentSource, ContactStatus, NewsletterTopic } from "#contracts/newsletter-model.ts";

export type ContactRow = {
  id: string;
  email: string;
  status: ContactStatus;
  locale: Locale;
  topics: NewsletterTopic[];
  userId: string | null;
};

type RawContact = Omit<ContactRow, "topics"> & { topics: string };

const CONTACT_COLUMNS = `id, email, status, locale, topics, user_id AS userId`;

const toContact = (row: RawContact | null): ContactRow | null => (row ? { ...row, topics: JSON.parse(row.topics) as NewsletterTopic[] } : null);

export async function findContactByEmail(db: DB, email: string): Promise<ContactRow | null> {
  const row = await db.$client.prepare(`SELECT ${CONTACT_COLUMNS} FROM marketing_contacts WHERE lower(email) = lower(?)`).bind(email).first<RawContact>();
  return toContact(row);
}

export async function findContact(db: DB, id: string): Promise<ContactRow | null> {
  const row = await db.$client.prepare(`SELECT ${CONTACT_COLUMNS} FROM marketing_contacts WHERE id = ?`).bind(id).first<RawContact>();
  return toContact(row);
}

/** The member's own contact: tied to the account, or (before it was tied) at the account's address. */
export async function findMemberContact(db: DB, userId: string, email: string): Promise<ContactRow | null> {
  const row = await db.$client
    .prepare(`SELECT ${CONTACT_COLUMNS} FROM marketing_contacts WHERE user_id = ?1 OR lower(email) = lower(?2) ORDER BY user_id IS NULL LIMIT 1`)
    .bind(userId, email)
    .first<RawContact>();
  return toContact(row);
}

export type ConsentRequest = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  locale: Locale;
  country: string | null;
  source: ConsentSource;
  consentText: string;
  userId?: string | null;
};

export type SubscriptionRequestOutcome =
  /** A confirmation mail should go out with the token whose hash was stored. */
  | { kind: "confirm"; contactId: string }
  | { kind: "already_subscribed"; contactId: string }
  /** A confirmation went to this address less than `resendAfterMs` ago: nothing stored, nothing sent. */
  | { kind: "recently_asked"; contactId: string }
  /** The provider reported the address undeliverable or a complaint: nothing is sent to it. */
  | { kind: "suppressed"; contactId: string };

/**
 * Records a request to subscribe from the site. A new address becomes a pending contact; a pending
 * or unsubscribed one gets a fresh request (the person may change their mind; only their click
 * makes them subscribed). The consent row holds the token's hash until it is confirmed or expires.
 */
export async function requestSubscription(
  db: DB,
  input: ConsentRequest,
  tokenHash: string,
  { validDays, resendAfterMs }: { validDays: number; resendAfterMs: number },
  now = Date.now(),
): Promise<SubscriptionRequestOutcome> {
  const existing = await findContactByEmail(db, input.email);
  if (existing?.status === "subscribed") return { kind: "already_subscribed", contactId: existing.id };
  if (existing && (existing.status === "bounced" || existing.status === "complained")) return { kind: "suppressed", contactId: existing.id };
  const contactId = existing?.id ?? newId();
  const statements = [];
  if (!existing) {
    statements.push(
      db.$client
        .prepare(
          `INSERT INTO marketing_contacts (id, email, first_name, last_name, status, consent_at, source, locale, country, user_id, status_changed_at, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, 'pending', NULL, ?5, ?6, ?7, ?8, ?9, ?9, ?9)`,
        )
        .bind(contactId, input.email, input.firstName ?? null, input.lastName ?? null, input.source, input.locale, input.country, input.userId ?? null, now),
    );
  }
  // One confirmation mail per address per resendAfterMs, however many people or addresses ask:
  // the request is stored only when no unconfirmed one is that recent, in the same statement, so
  // concurrent requests store (and mail) at most one.
  statements.push(
    db.$client
      .prepare(
        `INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, token_hash, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
         WHERE NOT EXISTS (SELECT 1 FROM marketing_consents WHERE contact_id = ?2 AND confirmed_at IS NULL AND created_at > ?9)`,
      )
      .bind(newId(), contactId, input.source, input.consentText, input.locale, tokenHash, now, now + validDays * DAY_MS, now - resendAfterMs),
  );
  const results = await db.$client.batch(statements);
  if (results.at(-1)!.meta.changes === 0) return { kind: "recently_asked", contactId };
  return { kind: "confirm", contactId };
}

export type ConfirmOutcome = { kind: "confirmed"; contactId: string; locale: Locale } | { kind: "invalid" } | { kind: "suppressed" };

/**
 * The click in the confirmation mail: the consent is confirmed and the contact subscribed, in one
 * batch. A used, expired or unknown token is `invalid` (the token hash is cleared once used).
 */
export async function confirmSubscription(db: DB, tokenHash: string, now = Date.now()): Promise<ConfirmOutcome> {
  const consent = await db.$client
    .prepare(
      `SELECT k.id, k.contact_id AS contactId, k.locale, c.status FROM marketing_consents k JOIN marketing_contacts c ON c.id = k.contact_id
       WHERE k.token_hash = ? AND k.confirmed_at IS NULL AND k.expires_at > ?`,
    )
    .bind(tokenHash, now)
    .first<{ id: string; contactId: string; locale: Locale; status: ContactStatus }>();
  if (!consent) return { kind: "invalid" };
  if (consent.status === "bounced" || consent.status === "complained") return { kind: "suppressed" };
  await db.$client.batch([
    db.$client.prepare(`UPDATE marketing_consents SET confirmed_at = ?2, token_hash = NULL WHERE id = ?1 AND confirmed_at IS NULL`).bind(consent.id, now),
    db.$client
      .prepare(
        `UPDATE marketing_contacts SET status = 'subscribed', consent_at = ?2, locale = ?3, status_changed_at = ?2, updated_at = ?2
         WHERE id = ?1 AND status IN ('pending', 'unsubscribed', 'subscribed')`,
      )
      .bind(consent.contactId, now, consent.locale),
  ]);
  return { kind: "confirmed", contactId: consent.contactId, locale: consent.locale };
}

/** The consent sentence as the person saw it: its words and the language of the page. */
export type ShownConsent = { text: string; locale: Locale };

export type MemberSubscriptionOutcome = { kind: "saved"; contact: ContactRow } | { kind: "suppressed" };

/**
 * A member's choice in settings. Their address is verified (the route checks), so subscribing is
 * confirmed at once: the consent row is written confirmed. Unsubscribing keeps the contact, marked.
 */
export async function setMemberSubscription(
  db: DB,
  member: { id: string; email: string; firstName?: string | null },
  choice: { subscribed: boolean; topics: NewsletterTopic[]; locale: Locale },
  consent: ShownConsent,
  country: string | null,
  now = Date.now(),
): Promise<MemberSubscriptionOutcome> {
  const existing = await findMemberContact(db, member.id, member.email);
  if (choice.subscribed && existing && (existing.status === "bounced" || existing.status === "complained")) return { kind: "suppressed" };
  const contactId = existing?.id ?? newId();
  const topics = JSON.stringify(choice.topics);
  const statements = [];
  if (!existing) {
    if (!choice.subscribed)
      return {
        kind: "saved",
        contact: { id: "", email: member.email, status: "unsubscribed", locale: choice.locale, topics: choice.topics, userId: member.id },
      };
    statements.push(
      db.$client
        .prepare(
          `INSERT INTO marketing_contacts (id, email, status, consent_at, source, locale, country, topics, user_id, status_changed_at, created_at, updated_at)
           VALUES (?1, ?2, 'subscribed', ?3, 'settings', ?4, ?5, ?6, ?7, ?3, ?3, ?3)`,
        )
        .bind(contactId, member.email, now, choice.locale, country, topics, member.id),
    );
  } else {
    const becomesSubscribed = choice.subscribed && existing.status !== "subscribed";
    const status = choice.subscribed ? "subscribed" : existing.status === "subscribed" || existing.status === "pending" ? "unsubscribed" : existing.status;
    statements.push(
      db.$client
        .prepare(
          `UPDATE marketing_contacts SET status = ?2, topics = ?3, locale = ?4, user_id = ?5, updated_at = ?6,
             consent_at = CASE WHEN ?7 THEN ?6 ELSE consent_at END,
             status_changed_at = CASE WHEN status <> ?2 THEN ?6 ELSE status_changed_at END
           WHERE id = ?1`,
        )
        .bind(contactId, status, topics, choice.locale, member.id, now, becomesSubscribed ? 1 : 0),
    );
  }
  if (choice.subscribed && existing?.status !== "subscribed") {
    statements.push(
      db.$client
        .prepare(
          `INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, actor_id, created_at, confirmed_at)
           VALUES (?1, ?2, 'settings', ?3, ?4, ?5, ?6, ?6)`,
        )
        .bind(newId(), contactId, consent.text, consent.locale, member.id, now),
    );
  }
  await db.$client.batch(statements);
  return { kind: "saved", contact: (await findContact(db, contactId))! };
}

/** One click on a campaign's unsubscribe link (or its List-Unsubscribe POST). Idempotent. */
export async function unsubscribeContact(db: DB, contactId: string, campaignId: string | null, now = Date.now()): Promise<ContactRow | null> {
  const statements = [
    db.$client
      .prepare(
        `UPDATE marketing_contacts SET status = 'unsubscribed', status_changed_at = ?2, updated_at = ?2
         WHERE id = ?1 AND status IN ('subscribed', 'pending')`,
      )
      .bind(contactId, now),
  ];
  if (campaignId) {
    statements.push(
      db.$client
        .prepare(
          `UPDATE campaign_recipients SET status = 'unsubscribed' WHERE campaign_id = ?1 AND contact_id = ?2 AND status IN ('queued', 'sent', 'delivered')`,
        )
        .bind(campaignId, contactId),
    );
  }
  await db.$client.batch(statements);
  return findContact(db, contactId);
}

export type PreferencesOutcome = { kind: "saved"; contact: ContactRow } | { kind: "suppressed" } | { kind: "not_found" };

/**
 * The preference page behind the signed link: topics and language, and subscribing again. The link
 * reached this address, so a click there is the person's own confirmed consent ('preferences').
 */
export async function savePreferences(
  db: DB,
  contactId: string,
  choice: { subscribed: boolean; topics: NewsletterTopic[]; locale: Locale },
  consent: ShownConsent,
  now = Date.now(),
): Promise<PreferencesOutcome> {
  const contact = await findContact(db, contactId);
  if (!contact) return { kind: "not_found" };
  if (contact.status === "bounced" || contact.status === "complained") return { kind: "suppressed" };
  const status: ContactStatus = choice.subscribed ? "subscribed" : "unsubscribed";
  const resubscribes = choice.subscribed && contact.status !== "subscribed";
  const statements = [
    db.$client
      .prepare(
        `UPDATE marketing_contacts SET status = ?2, topics = ?3, locale = ?4, updated_at = ?5,
           consent_at = CASE WHEN ?6 THEN ?5 ELSE consent_at END,
           status_changed_at = CASE WHEN status <> ?2 THEN ?5 ELSE status_changed_at END
         WHERE id = ?1`,
      )
      .bind(contactId, status, JSON.stringify(choice.topics), choice.locale, now, resubscribes ? 1 : 0),
  ];
  if (resubscribes) {
    statements.push(
      db.$client
        .prepare(
          `INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, created_at, confirmed_at) VALUES (?1, ?2, 'preferences', ?3, ?4, ?5, ?5)`,
        )
        .bind(newId(), contactId, consent.text, consent.locale, now),
    );
  }
  await db.$client.batch(statements);
  return { kind: "saved", contact: (await findContact(db, contactId))! };
}

/**
 * Forgets what nobody confirmed within its time: expired unconfirmed consent rows, then pending
 * contacts left with no consent at all. Returns how many contacts went.
 */
export async function expireUnconfirmed(db: DB, now = Date.now()): Promise<number> {
  const [, contacts] = await db.$client.batch([
    db.$client.prepare(`DELETE FROM marketing_consents WHERE confirmed_at IS NULL AND expires_at <= ?`).bind(now),
    db.$client.prepare(
      `DELETE FROM marketing_contacts WHERE status = 'pending' AND NOT EXISTS (SELECT 1 FROM marketing_consents k WHERE k.contact_id = marketing_contacts.id)`,
    ),
  ]);
  return contacts?.meta.changes ?? 0;
}

/**
 * Takes a provider report's delivery id the first time it is seen: true then, false for a replay.
 * A report that then fails to apply gives it back (releaseMailDelivery), so the provider's retry
 * is applied.
 */
export async function claimMailDelivery(db: DB, deliveryId: string, now = Date.now()): Promise<boolean> {
  const claimed = await db.$client
    .prepare(`INSERT INTO mail_webhook_deliveries (id, received_at) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING RETURNING id`)
    .bind(deliveryId, now)
    .first();
  return claimed !== null;
}

export const releaseMailDelivery = (db: DB, deliveryId: string) =>
  db.$client.prepare(`DELETE FROM mail_webhook_deliveries WHERE id = ?`).bind(deliveryId).run();

/**
 * A provider's bounce or complaint: the address is never mailed again (only the person's own
 * subscription through the site could bring it back, and that too is refused while suppressed).
 * A delivery report only marks the campaign's recipient row.
 */
export async function recordDeliveryReport(
  db: DB,
  report: { kind: "delivered" | "bounced" | "complained"; email: string; campaignId: string | null; contactId: string | null },
  now = Date.now(),
) {
  const statements = [];
  if (report.kind !== "delivered") {
    statements.push(
      db.$client
        .prepare(`UPDATE marketing_contacts SET status = ?2, status_changed_at = ?3, updated_at = ?3 WHERE lower(email) = lower(?1) AND status <> ?2`)
        .bind(report.email, report.kind, now),
    );
  }
  if (report.campaignId) {
    // A later report never goes back: delivered may become bounced or complained, not the reverse.
    const from = report.kind === "delivered" ? `('sent')` : `('sent', 'delivered', 'queued')`;
    statements.push(
      db.$client
        .prepare(
          `UPDATE campaign_recipients SET status = ?3 WHERE campaign_id = ?1 AND status IN ${from}
             AND contact_id = COALESCE(?2, (SELECT id FROM marketing_contacts WHERE lower(email) = lower(?4)))`,
        )
        .bind(report.campaignId, report.contactId, report.kind, report.email),
    );
  }
  if (statements.length) await db.$client.batch(statements);
}

/**
 * "Send me news" ticked at sign-up: a pending consent tied to the new account, with no token of its
 * own. The account's e-mail verification is the double opt-in's click (confirmSignupConsent).
 */
export async function recordSignupConsent(
  db: DB,
  input: { userId: string; email: string; locale: Locale; country: string | null; consentText: string },
  validDays: number,
  now = Date.now(),
): Promise<void> {
  const existing = await findContactByEmail(db, input.email);
  if (existing && existing.status !== "pending" && existing.status !== "unsubscribed") return;
  const contactId = existing?.id ?? newId();
  const statements = [];
  if (!existing) {
    statements.push(
      db.$client
        .prepare(
          `INSERT INTO marketing_contacts (id, email, status, source, locale, country, user_id, status_changed_at, created_at, updated_at)
           VALUES (?1, ?2, 'pending', 'sign_up', ?3, ?4, ?5, ?6, ?6, ?6)`,
        )
        .bind(contactId, input.email, input.locale, input.country, input.userId, now),
    );
  } else {
    statements.push(db.$client.prepare(`UPDATE marketing_contacts SET user_id = ?2 WHERE id = ?1`).bind(contactId, input.userId));
  }
  statements.push(
    db.$client
      .prepare(
        `INSERT INTO marketing_consents (id, contact_id, source, consent_text, locale, actor_id, created_at, expires_at) VALUES (?1, ?2, 'sign_up', ?3, ?4, ?5, ?6, ?7)`,
      )
      .bind(newId(), contactId, input.consentText, input.locale, input.userId, now, now + validDays * DAY_MS),
  );
  await db.$client.batch(statements);
}

/** The member proved their address: a sign-up consent still waiting is confirmed and they are subscribed. */
export async function confirmSignupConsent(db: DB, userId: string, now = Date.now()): Promise<boolean> {
  const consent = await db.$client
    .prepare(
      `SELECT k.id, k.contact_id AS contactId FROM marketing_consents k JOIN marketing_contacts c ON c.id = k.contact_id
       WHERE c.user_id = ?1 AND k.source = 'sign_up' AND k.confirmed_at IS NULL AND k.expires_at > ?2 AND c.status IN ('pending', 'unsubscribed')
       ORDER BY k.created_at DESC LIMIT 1`,
    )
    .bind(userId, now)
    .first<{ id: string; contactId: string }>();
  if (!consent) return false;
  await db.$client.batch([
    db.$client.prepare(`UPDATE marketing_consents SET confirmed_at = ?2 WHERE id = ?1`).bind(consent.id, now),
    db.$client
      .prepare(`UPDATE marketing_contacts SET status = 'subscribed', consent_at = ?2, status_changed_at = ?2, updated_at = ?2 WHERE id = ?1`)
      .bind(consent.contactId, now),
  ]);
  return true;
}

/** Undoes a request whose confirmation mail could not be sent: no link exists that nobody received. */
export async function forgetSubscriptionRequest(db: DB, tokenHash: string): Promise<void> {
  const consent = await db.$client
    .prepare(`SELECT contact_id AS contactId FROM marketing_consents WHERE token_hash = ?`)
    .bind(tokenHash)
    .first<{ contactId: string }>();
  if (!consent) return;
  await db.$client.batch([
    db.$client.prepare(`DELETE FROM marketing_consents WHERE token_hash = ?`).bind(tokenHash),
    db.$client
      .prepare(
        `DELETE FROM marketing_contacts WHERE id = ? AND status = 'pending' AND NOT EXISTS (SELECT 1 FROM marketing_consents k WHERE k.contact_id = marketing_contacts.id)`,
      )
      .bind(consent.contactId),
  ]);
}
