// Picks the mail implementation: live when a provider and its key are configured, local otherwise.
import type { AppEnv } from "../../env";
import type { DB } from "../../db/client";
import { createLiveMailService } from "./live";
import { createLocalMailService } from "./local";
import { MAIL_PROVIDERS, type MailProvider, type MailService } from "./types";

export type { MailMessage, MailService } from "./types";

const isProvider = (value: string | undefined): value is MailProvider => MAIL_PROVIDERS.some((p) => p === value);

export function createMailService(env: AppEnv, db: DB): MailService {
  const provider = env.MAIL_PROVIDER;
  if (isProvider(provider) && env.MAIL_API_KEY) {
    // readConfig already refuses a provider without MAIL_FROM; the fallback only satisfies types.
    return createLiveMailService({ provider, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM ?? "", baseUrl: env.MAIL_API_BASE_URL });
  }
  return createLocalMailService(db);
}
