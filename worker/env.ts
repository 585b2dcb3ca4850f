// Bindings and vars the Worker expects, and a zod check so a misconfigured deploy fails with
// a clear message instead of a confusing 500 deep in a route.
import { z } from "zod";

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
};

const url = z.url();
const configFields = z.object({
  APP_ENV: z.enum(["production", "local", "test"]),
  BRAND_NAME: z.string().min(1),
  SUPPORT_EMAIL: z.email(),
  ADMIN_EMAIL: z.email(),
  INFO_EMAIL: z.email(),
  SITE_URL: url,
  SENDER_CONTACT_LINE: z.string().min(1),
  CHAT_ROOM_URL: url,
  SOCIAL_URL_FACEBOOK: url,
  SOCIAL_URL_INSTAGRAM: url,
  VIP_PRICE_CENTS: z.coerce.number().int().positive(),
  VIP_PRICE_CURRENCY: z.string().length(3),
  PASSWORD_PEPPER: z.string().min(16, "PASSWORD_PEPPER must be a secret of at least 16 characters"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be a secret of at least 32 characters"),
  MAIL_PROVIDER: z.enum(["resend", "postmark"]).optional(),
  MAIL_API_KEY: z.string().optional(),
  MAIL_API_BASE_URL: url.optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_WEBHOOK_SECRET: z.string().optional(),
  AUDIO_PROXY_HOSTS: z.string().optional(),
  CHAT_PERSONA_NAME: z.string().min(1),
  OPENAI_API_KEY: z.string().optional(),
  D1_SIMULATED_LATENCY: z
    .string()
    .regex(/^(\d{1,4}\/\d{1,4})?$/, 'D1_SIMULATED_LATENCY is "<primary ms>/<replica ms>", e.g. "150/10"')
    .optional(),
  EDGE_CACHE: z.enum(["on", "off"]).optional(),
  SENTRY_DSN: z.union([url, z.literal("")]).optional(),
  FEED_HUB_SHARDS: z.coerce.number().int().min(1).max(256),
  OPENAI_MODEL: z.string().min(1),
  /** Empty means the SDK's default (api.openai.com). */
  OPENAI_BASE_URL: z.union([url, z.literal("")]).optional(),
  // Base64url without padding: a 65-byte uncompressed P-256 point is 87 characters, a 32-byte
  // private scalar 43. Empty means unset (push off).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^(B[A-Za-z0-9_-]{86})?$/, "VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^([A-Za-z0-9_-]{43})?$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)?$/, "VAPID_SUBJECT must be a mailto: or https: URL")
    .optional(),
});
const configSchema = configFields.superRefine((cfg, ctx) => {
  if (cfg.MAIL_PROVIDER && (!cfg.MAIL_API_KEY || !cfg.MAIL_FROM)) {
    ctx.addIssue({ code: "custom", message: "MAIL_PROVIDER needs MAIL_API_KEY and MAIL_FROM" });
  }
  if (!cfg.VAPID_PUBLIC_KEY !== !cfg.VAPID_PRIVATE_KEY) {
    ctx.addIssue({ code: "custom", message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither, which turns web push off)" });
  }
});

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
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`);
    throw new ConfigError(`Worker configuration is invalid: ${problems.join("; ")}`);
  }
  if (cache.size >= CACHED_CONFIGS) cache.delete(cache.keys().next().value!);
  cache.set(key, parsed.data);
  byEnv.set(env, parsed.data);
  return parsed.data;
}

export const isLocalMode = (env: AppEnv) => env.APP_ENV === "local" || env.APP_ENV === "test";
