// The bot check on a visitor's forms (decision 090): sign-up, guest checkout, the news box, a
// visitor's "Notify me" and event reminder, the contact form and the password reset request. Each
// token passes once: Siteverify answers a token once (its idempotency key covers only this call's
// own retry), and the local verifier spends each token's nonce in D1 (decision 133). Live (Cloudflare
// Turnstile's Siteverify) when TURNSTILE_SECRET_KEY is set; the local verifier in local and test
// mode; neither in production without the key, where the forms are refused (503) rather than left
// open to every bot, as payments refuse without their key.
import type { Context } from "hono";
import { BOT_CHECK_HEADER, type BotCheckAction, type BotCheckConfig } from "#contracts/bot-check.ts";
import { isLocalMode, type AppEnv } from "../../env";
import { routeError } from "../../lib/errors";
import { clientIp, UNKNOWN_CLIENT_IP } from "../rate-limit";
import type { HonoEnv } from "../../types";
import { siteverify, type BotCheckOutcome, type SiteverifyOptions } from "./live";
import { spendLocalToken, verifyLocalToken } from "./local";

export function botCheckModeOf(env: AppEnv): BotCheckConfig["mode"] {
  if (env.TURNSTILE_SECRET_KEY) return "live";
  return isLocalMode(env) ? "local" : "off";
}

/** What /api/config tells the forms: which widget to show (readConfig holds the two keys together). */
export function botCheckConfig(env: AppEnv): BotCheckConfig {
  const mode = botCheckModeOf(env);
  return mode === "live" ? { mode, siteKey: env.TURNSTILE_SITE_KEY ?? "" } : { mode };
}

export type HumanProof = { token: string; ip: string | null; action: BotCheckAction; hostname: string };

export async function verifyHuman(env: AppEnv, proof: HumanProof, transport: SiteverifyOptions = {}): Promise<BotCheckOutcome> {
  switch (botCheckModeOf(env)) {
    case "live":
      return siteverify({ secret: env.TURNSTILE_SECRET_KEY ?? "", ...proof }, transport);
    case "local": {
      const id = await verifyLocalToken(env.SESSION_SECRET ?? "", proof.token, proof.action);
      return id && (await spendLocalToken(env.DB, id)) ? "passed" : "refused";
    }
    case "off":
      console.error("bot check: TURNSTILE_SECRET_KEY and TURNSTILE_SITE_KEY are not set, so the visitor's forms are refused");
      return "unavailable";
  }
}

/** Throws the refusal unless the request carries a passing token for `action`: call it before storing or mailing. */
export async function requireHuman(c: Context<HonoEnv>, action: BotCheckAction): Promise<void> {
  const ip = clientIp(c.req);
  const proof = { token: c.req.header(BOT_CHECK_HEADER) ?? "", ip: ip === UNKNOWN_CLIENT_IP ? null : ip, action, hostname: new URL(c.req.url).hostname };
  const outcome = await verifyHuman(c.env, proof);
  if (outcome === "refused") throw routeError("bot_check_failed");
  if (outcome === "unavailable") throw routeError("bot_check_unavailable");
}
