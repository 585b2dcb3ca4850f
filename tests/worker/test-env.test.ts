// The Worker tests run in an environment set by vitest.config.ts alone: whatever the developer
// keeps in .dev.vars or .env (live Stripe or mail secrets, APP_ENV=local) must not reach them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../worker/env";
import { paymentsModeOf } from "../../worker/services/payments";

const testEnv = env as unknown as AppEnv & Record<string, unknown>;

/** Secrets that switch a service to live mode; vitest.config.ts sets none of them. */
const LIVE_SECRETS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_ID",
  "STRIPE_API_HOST",
  "STRIPE_API_PORT",
  "STRIPE_API_PROTOCOL",
  "MAIL_PROVIDER",
  "MAIL_API_KEY",
  "MAIL_FROM",
  "MAIL_API_BASE_URL",
  "OPENAI_API_KEY",
] as const;

describe("the Worker test environment", () => {
  it("is the test environment, with the secrets vitest.config.ts sets", () => {
    expect(testEnv.APP_ENV).toBe("test");
    expect(testEnv.PASSWORD_PEPPER).toBe("test-pepper-0123456789abcdef");
    expect(testEnv.LOCAL_PAYMENTS_SECRET).toBe("test-local-payments-secret-0123456789");
  });

  it("has no live payment or mail secret, whatever .dev.vars holds", () => {
    const present = LIVE_SECRETS.filter((name) => testEnv[name] !== undefined);
    expect(present).toEqual([]);
    // Any other STRIPE_* / MAIL_* binding would come from outside the test config too.
    expect(Object.keys(testEnv)).toContain("APP_ENV");
    const stray = Object.keys(testEnv).filter((name) => /^(STRIPE|MAIL)_|^OPENAI_API_KEY$/.test(name));
    expect(stray).toEqual([]);
  });

  it("so payments run through the local test checkout", () => {
    expect(paymentsModeOf(testEnv)).toBe("local");
  });
});
