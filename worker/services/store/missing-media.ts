// A file a paid download needs that is not in R2: the buyer is told it is being prepared (503
// download_preparing, retry later), and the admin is told once per file, however many buyers try
// and however often. The claim is one INSERT OR IGNORE of the key; a notice that cannot be sent
// gives the claim back, so a later try tells again. Never throws: it runs after the answer.
import { readConfig, type AppEnv } from "../../env";
import type { DB } from "../../db/client";
import type { Locale } from "#contracts/locale.ts";
import { readSettings } from "../../db/settings";
import { createMailService } from "../mail";
import { adminNotice } from "../mail/templates";
import { mailDateTime } from "../mail/format";

/** Seconds a buyer's page waits before it asks again. */
export const DOWNLOAD_RETRY_AFTER_S = 20;

const TEXTS = {
  en: {
    subject: (brand: string) => `${brand}: a file of a paid download is missing`,
    heading: "A buyer's download could not be served: one of its files is not in the media storage.",
    file: "File",
    format: "Format",
    since: "First seen",
    footer: "Buyers are told the download is being prepared. Upload the file again (or restore it) and the download works again. You are told once per file.",
  },
  "pt-BR": {
    subject: (brand: string) => `${brand}: falta um arquivo de um download pago`,
    heading: "O download de um comprador não pôde ser entregue: um dos arquivos não está no armazenamento de mídia.",
    file: "Arquivo",
    format: "Formato",
    since: "Visto pela primeira vez",
    footer:
      "Os compradores veem que o download está sendo preparado. Envie o arquivo de novo (ou restaure-o) e o download volta a funcionar. Você é avisado uma vez por arquivo.",
  },
} satisfies Record<Locale, Record<string, unknown>>;

/**
 * The texts, for tests that compare a page's words with them.
 * @internal
 */
export const MISSING_MEDIA_TEXTS = TEXTS;

/** Tells the admin that `key` is missing, unless they were told already; whether this call told them. */
export async function reportMissingMedia(env: AppEnv, db: DB, key: string, format: string, now = Date.now()): Promise<boolean> {
  const d1 = db.$client;
  try {
    const claim = await d1.prepare("INSERT OR IGNORE INTO missing_media_reports (key, reported_at) VALUES (?1, ?2)").bind(key, now).run();
    if (!claim.meta.changes) return false;
    try {
      const { notificationLocale: locale } = await readSettings(db);
      const cfg = readConfig(env);
      const t = TEXTS[locale];
      const mail = adminNotice({
        to: cfg.ADMIN_EMAIL,
        locale,
        subject: t.subject(cfg.BRAND_NAME),
        heading: t.heading,
        rows: [
          [t.file, key],
          [t.format, format.toUpperCase()],
          [t.since, mailDateTime(locale, new Date(now))],
        ],
        footer: t.footer,
      });
      await createMailService(env, db).send({ ...mail, idempotencyKey: `admin-missing-media:${key}:${now}` });
      return true;
    } catch (err) {
      await d1.prepare("DELETE FROM missing_media_reports WHERE key = ?1 AND reported_at = ?2").bind(key, now).run();
      throw err;
    }
  } catch (err) {
    console.error("missing media: the admin could not be told", key, err);
    return false;
  }
}
