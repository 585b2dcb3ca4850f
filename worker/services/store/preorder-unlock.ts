// Every five minutes (decision 118): pre-orders whose release is out are announced once each, by
// the mail "It's out" with fresh download links in the buyer's language, and for a member a
// notification. The claim comes first (one conditional UPDATE), so racing or repeated runs send
// nothing more; a mail that fails gives its claim back for the next run.
import { readConfig, type AppEnv } from "../../env";
import { createDb, type DB } from "../../db/client";
import { releaseFormats } from "../../db/music/release-formats";
import { claimDuePreorders, releasePreorderClaim, type DuePreorder } from "../../db/store/preorders";
import { downloadPath, signDownloadToken } from "../../lib/download-token";
import { DAY_MS } from "../../lib/time";
import { RECEIPT_LINK_TTL_MS } from "#contracts/store/model.ts";
import { COLLECTION_PATH } from "./order-shipped";
import { createMailService, type MailService } from "../mail";
import { preorderOutMail } from "../mail/store-preorder";
import { notifyMembers } from "../notifications";

/** At most this many a run: each is a mail; the next run takes the rest. */
const UNLOCK_BATCH = 50;

/** What sends the mails: the configured service, or a recorder a test gives to count the claims. */
type Sender = Pick<MailService, "send">;

async function announce(env: AppEnv, db: DB, mailer: Sender, due: DuePreorder, now: number): Promise<boolean> {
  const cfg = readConfig(env);
  const siteUrl = cfg.SITE_URL.replace(/\/$/, "");
  const expiresAt = new Date(now + RECEIPT_LINK_TTL_MS);
  const formats = await releaseFormats(db, due.albumId ? { albumId: due.albumId } : { trackId: due.trackId ?? "" });
  const links = await Promise.all(
    formats.map(async (format) => ({
      format,
      url: siteUrl + downloadPath(await signDownloadToken(cfg.SESSION_SECRET, { entitlementId: due.id, format }, expiresAt)),
    })),
  );
  const mail = preorderOutMail({
    to: due.email,
    brandName: cfg.BRAND_NAME,
    locale: due.locale,
    facts: { title: due.title, releasedAt: new Date(due.releasedAt), links, linkValidDays: Math.round(RECEIPT_LINK_TTL_MS / DAY_MS), siteUrl },
  });
  try {
    await mailer.send({ ...mail, idempotencyKey: `preorder-out:${due.id}` });
  } catch (err) {
    console.error("store: the pre-order's mail failed, tried again next run", due.id, err);
    await releasePreorderClaim(db, due.id, now);
    return false;
  }
  if (due.userId) {
    await notifyMembers(env, db, { id: `preorder_out:${due.id}`, kind: "preorder_out", actorId: null, params: { title: due.title }, link: COLLECTION_PATH }, [
      due.userId,
    ]);
  }
  return true;
}

export async function unlockDuePreorders(env: AppEnv, now: number, mailer?: Sender): Promise<number> {
  const db = createDb(env.DB);
  const due = await claimDuePreorders(db, now, UNLOCK_BATCH);
  const sender = mailer ?? createMailService(env, db);
  let sent = 0;
  for (const preorder of due) if (await announce(env, db, sender, preorder, now)) sent += 1;
  if (due.length > 0) console.log(`store: ${sent} pre-order(s) announced out`);
  return sent;
}
