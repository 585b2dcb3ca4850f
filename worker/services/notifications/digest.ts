// The daily e-mail digest: at most one digest a day unless the kind is
// urgent. From the hourly cron: each member with unread notifications not yet e-mailed, of kinds
// they want by e-mail, gets one mail in their language listing the newest DIGEST_ITEMS, then those
// rows are marked e-mailed. notification_settings.digest_sent_at is claimed before sending, so a
// second run (or two at once) within DIGEST_INTERVAL_MS mails nobody twice.
import type { AppEnv } from "../../env";
import { readConfig } from "../../env";
import type { DB } from "../../db/client";
import { claimDigests, markDigested, membersDueDigest, pendingDigestItems, type DigestItem } from "../../db/notification-jobs";
import type { Locale } from "#contracts/locale.ts";
import { createMailService, type MailMessage } from "../mail";
import { notificationText } from "./texts";
import { NOTIFICATION_SETTINGS_PATH } from "./mail";

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Items listed in one digest; the mail says how many more wait in the centre. */
export const DIGEST_ITEMS = 10;
/**
 * Members mailed per cron run: one run stays bounded (a mail is one outgoing request). Those not
 * reached wait for the next hour's run, the longest-waiting first.
 */
export const DIGEST_MEMBERS_PER_RUN = 200;
/** The notification centre's page. */
export const NOTIFICATIONS_PATH = "/notifications";

const WORDS: Record<Locale, { subject: (n: number, brand: string) => string; more: (n: number) => string; all: string; footer: string }> = {
  en: {
    subject: (n, brand) => (n === 1 ? `1 new notification on ${brand}` : `${n} new notifications on ${brand}`),
    more: (n) => (n === 1 ? "…and 1 more." : `…and ${n} more.`),
    all: "See them all:",
    footer: "You get this daily digest because of your notification settings. Change them here:",
  },
  "pt-BR": {
    subject: (n, brand) => (n === 1 ? `1 nova notificação em ${brand}` : `${n} novas notificações em ${brand}`),
    more: (n) => (n === 1 ? "…e mais 1." : `…e mais ${n}.`),
    all: "Veja todas:",
    footer: "Você recebe este resumo diário por causa das suas preferências de notificação. Mude-as aqui:",
  },
};

export function digestMail(locale: Locale, input: { to: string; items: DigestItem[]; total: number; brandName: string; siteUrl: string }): MailMessage {
  const { items, total, brandName, siteUrl } = input;
  const words = WORDS[locale];
  const lines = items.flatMap((item) => {
    const text = notificationText(locale, { kind: item.kind, actor: item.actorName, actorCount: item.actorCount, params: item.params, brandName });
    const head = text.title === brandName ? text.body : text.title;
    const rest = text.title === brandName || !text.body ? [] : [`  ${text.body}`];
    return [`• ${head}`, ...rest, `  ${new URL(item.link, siteUrl).href}`, ""];
  });
  const body = [
    ...lines,
    ...(total > items.length ? [words.more(total - items.length), ""] : []),
    words.all,
    new URL(NOTIFICATIONS_PATH, siteUrl).href,
    "",
    words.footer,
    new URL(NOTIFICATION_SETTINGS_PATH, siteUrl).href,
    "",
    `— ${brandName}`,
  ].join("\n");
  return { to: input.to, subject: words.subject(total, brandName), text: body };
}

/** Sends the digests due now (one page of members). Returns how many mails went out. */
export async function sendDailyDigests(env: AppEnv, db: DB, now: number): Promise<number> {
  const cutoff = now - DIGEST_INTERVAL_MS;
  const due = await membersDueDigest(db, now, cutoff, DIGEST_MEMBERS_PER_RUN);
  const claimed = new Set(
    await claimDigests(
      db,
      due.map((m) => m.id),
      now,
      cutoff,
    ),
  );
  const members = due.filter((m) => claimed.has(m.id));
  if (members.length === 0) return 0;
  const items = await pendingDigestItems(
    db,
    members.map((m) => m.id),
    now,
    DIGEST_ITEMS,
  );
  const cfg = readConfig(env);
  const mail = createMailService(env, db);
  const sent: string[] = [];
  for (const member of members) {
    const own = items.filter((i) => i.userId === member.id);
    if (own.length === 0) continue; // read or hidden since the scan: nothing to say
    const locale: Locale = member.locale === "pt-BR" ? "pt-BR" : "en";
    try {
      await mail.send(digestMail(locale, { to: member.email, items: own, total: own[0]!.total, brandName: cfg.BRAND_NAME, siteUrl: cfg.SITE_URL }));
      sent.push(member.id);
    } catch (err) {
      // Its rows stay un-e-mailed: they are in the next digest, a day later.
      console.error("notifications: mailing a digest failed", err);
    }
  }
  await markDigested(db, sent, now);
  return sent.length;
}
