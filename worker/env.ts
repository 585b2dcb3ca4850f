// Bindings and vars the Worker expects, and a zod check so a misconfigured deploy fails with
// a clear message instead of a confusing 500 deep in a route.
// zod's functional build (zod/mini): readConfig runs at start-up and on every request, and the
// mini build leaves the method-chaining classes out of the start-up (decision 078).
import { z } from "zod/mini";

export type AppEnv = Env & {
  PASSWORD_PEPPER?: string;
  SESSION_SECRET?: string;
  MAIL_PROVIDER?: string;
  MAIL_API_KEY?: string;
  MAIL_API_BASE_URL?: string;
  MAIL_FROM?: string;
  /** Checks the mail provider's webhooks: Resend's `whsec_...` signing secret, or Postmark's Basic "user:password". */
  MAIL_WEBHOOK_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_ID?: string;
  /** The yearly VIP plan's Price; without it the yearly checkout sends price_data (decision 055). */
  STRIPE_YEARLY_PRICE_ID?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  LOCAL_PAYMENTS_SECRET?: string;
  /** Remote file hosts the audio proxy may fetch from: exact host names, comma/space-separated. */
  AUDIO_PROXY_HOSTS?: string;
  OPENAI_API_KEY?: string;
  /**
   * Local only (ignored in production): "150/10" adds 150 ms before every D1 trip to the primary
   * and 10 ms before every replica trip, as a far-away fan would wait (npm run measure:edge).
   */
  D1_SIMULATED_LATENCY?: string;
  /** "off" turns the edge cache off (the Worker tests that are not about it); on otherwise. */
  EDGE_CACHE?: string;
  /** Sentry's DSN: errors are reported there when set; nowhere when not. */
  SENTRY_DSN?: string;
  /** Under APP_ENV=test the request log is quiet unless this is "on" (the test that reads it). */
  REQUEST_LOG?: string;
  /** Web push (worker/services/push): base64url uncompressed P-256 public key, and its private `d`. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** The VAPID contact, a mailto: or https: URL; mailto:SUPPORT_EMAIL when unset. */
  VAPID_SUBJECT?: string;
  /** Cloudflare Turnstile (decision 090): the widget's site key (public, a var) and its secret. */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /**
   * Cloudflare Stream Live (decision 113): the account, an API token with Stream edit rights, the
   * customer code of its playback host, and a signing key (its id and the base64 JWK /stream/keys
   * returned) for viewers' tokens. All five or none: without them live shows play the local source.
   */
  STREAM_ACCOUNT_ID?: string;
  STREAM_API_TOKEN?: string;
  STREAM_CUSTOMER_CODE?: string;
  STREAM_SIGNING_KEY_ID?: string;
  STREAM_SIGNING_KEY_JWK?: string;
  /** The Stream API's base (tests point it at a fake on 127.0.0.1); https://api.cloudflare.com/client/v4 when unset. */
  STREAM_API_BASE?: string;
  /** Checks the Webhook-Signature of Stream's notifications; unset → the webhook answers 404. */
  STREAM_WEBHOOK_SECRET?: string;
};

const url = z.url();
const text = z.string();
const optionalText = z.optional(z.string());
const nonEmpty = z.string().check(z.minLength(1));
const matching = (pattern: RegExp, message: string) => z.optional(z.string().check(z.regex(pattern, message)));
const configFields = z.object({
  APP_ENV: z.enum(["production", "local", "test"]),
  BRAND_NAME: nonEmpty,
  SUPPORT_EMAIL: z.email(),
  ADMIN_EMAIL: z.email(),
  INFO_EMAIL: z.email(),
  SITE_URL: url,
  SENDER_CONTACT_LINE: nonEmpty,
  CHAT_ROOM_URL: url,
  SOCIAL_URL_FACEBOOK: url,
  SOCIAL_URL_INSTAGRAM: url,
  VIP_PRICE_CENTS: z.coerce.number().check(z.int(), z.positive()),
  VIP_PRICE_CURRENCY: text.check(z.length(3)),
  PASSWORD_PEPPER: z.string().check(z.minLength(16, "PASSWORD_PEPPER must be a secret of at least 16 characters")),
  SESSION_SECRET: z.string().check(z.minLength(32, "SESSION_SECRET must be a secret of at least 32 characters")),
  MAIL_PROVIDER: z.optional(z.enum(["resend", "postmark"])),
  MAIL_API_KEY: optionalText,
  MAIL_API_BASE_URL: z.optional(url),
  MAIL_FROM: optionalText,
  MAIL_WEBHOOK_SECRET: optionalText,
  AUDIO_PROXY_HOSTS: optionalText,
  CHAT_PERSONA_NAME: nonEmpty,
  OPENAI_API_KEY: optionalText,
  D1_SIMULATED_LATENCY: matching(/^(\d{1,4}\/\d{1,4})?$/, 'D1_SIMULATED_LATENCY is "<primary ms>/<replica ms>", e.g. "150/10"'),
  EDGE_CACHE: z.optional(z.enum(["on", "off"])),
  SENTRY_DSN: z.optional(z.union([url, z.literal("")])),
  FEED_HUB_SHARDS: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(256)),
  OPENAI_MODEL: nonEmpty,
  /** Empty means the SDK's default (api.openai.com). */
  OPENAI_BASE_URL: z.optional(z.union([url, z.literal("")])),
  // Base64url without padding: a 65-byte uncompressed P-256 point is 87 characters, a 32-byte
  // private scalar 43. Empty means unset (push off).
  VAPID_PUBLIC_KEY: matching(/^(B[A-Za-z0-9_-]{86})?$/, "VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters)"),
  VAPID_PRIVATE_KEY: matching(/^([A-Za-z0-9_-]{43})?$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)"),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  VAPID_SUBJECT: matching(/^(mailto:\S+@\S+|https:\/\/\S+)?$/, "VAPID_SUBJECT must be a mailto: or https: URL"),
  STREAM_ACCOUNT_ID: optionalText,
  STREAM_API_TOKEN: optionalText,
  STREAM_CUSTOMER_CODE: optionalText,
  STREAM_SIGNING_KEY_ID: optionalText,
  STREAM_SIGNING_KEY_JWK: optionalText,
  STREAM_API_BASE: z.optional(z.union([url, z.literal("")])),
  STREAM_WEBHOOK_SECRET: optionalText,
});
const STREAM_SECRETS = ["STREAM_ACCOUNT_ID", "STREAM_API_TOKEN", "STREAM_CUSTOMER_CODE", "STREAM_SIGNING_KEY_ID", "STREAM_SIGNING_KEY_JWK"] as const;
const configSchema = configFields.check(
  z.superRefine((cfg, ctx) => {
    if (cfg.MAIL_PROVIDER && (!cfg.MAIL_API_KEY || !cfg.MAIL_FROM)) {
      ctx.addIssue({ code: "custom", message: "MAIL_PROVIDER needs MAIL_API_KEY and MAIL_FROM" });
    }
    if (!cfg.VAPID_PUBLIC_KEY !== !cfg.VAPID_PRIVATE_KEY) {
      ctx.addIssue({ code: "custom", message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither, which turns web push off)" });
    }
    const streamSet = STREAM_SECRETS.filter((name) => cfg[name]);
    if (streamSet.length > 0 && streamSet.length < STREAM_SECRETS.length) {
      ctx.addIssue({ code: "custom", message: `${STREAM_SECRETS.join(", ")} are set together (or none: live shows play the local source)` });
    }
    if (!cfg.TURNSTILE_SITE_KEY !== !cfg.TURNSTILE_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        message:
          "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set together (or neither: the local verifier in local mode, the visitor's forms refused in production)",
      });
    }
  }),
);

export type SiteConfig = z.infer<typeof configSchema>;

const CONFIG_NAMES = Object.keys(configFields.shape) as (keyof SiteConfig)[];
/**
 * Parsed configurations by their values. Not by env object: the error reporter hands every request
 * an env of its own (a proxy over the same bindings), so a cache by object never hit and every
 * request parsed the vars again (about 0.8 ms of CPU). An isolate sees one configuration (a test
 * file a few).
 */
const cache = new Map<string, SiteConfig>();
const CACHED_CONFIGS = 8;
/**
 * The configuration of an env object already seen: a request reads its configuration a dozen times
 * and more (a page's in-process reads each again), and keying by values costs a JSON string of every
 * var each time (about 1 ms of a page's CPU). An env's vars never change after it is made.
 */
const byEnv = new WeakMap<object, SiteConfig>();

export class ConfigError extends Error {}

/** Parses vars and secrets once per set of values; throws ConfigError listing what is wrong. */
export function readConfig(env: AppEnv): SiteConfig {
  const known = byEnv.get(env);
  if (known) return known;
  const values = env as unknown as Record<string, unknown>;
  const key = JSON.stringify(CONFIG_NAMES.map((name) => values[name] ?? null));
  const hit = cache.get(key);
  if (hit) {
    byEnv.set(env, hit);
    return hit;
  }
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // An unset setting fails its type check as "Invalid input": say plainly that it is missing.
    const problems = parsed.error.issues.map((i) =>
      i.path.length === 1 && values[String(i.path[0])] === undefined
        ? `${String(i.path[0])} is missing (not set; a secret is set with wrangler secret put ${String(i.path[0])}, locally in .dev.vars)`
        : `${i.path.join(".") || "config"}: ${i.message}`,
    );
    throw new ConfigError(`Worker configuration is invalid: ${problems.join("; ")}`);
  }
  if (cache.size >= CACHED_CONFIGS) cache.delete(cache.keys().next().value!);
  cache.set(key, parsed.data);
  byEnv.set(env, parsed.data);
  return parsed.data;
}

export const isLocalMode = (env: AppEnv) => env.APP_ENV === "local" || env.APP_ENV === "test";
