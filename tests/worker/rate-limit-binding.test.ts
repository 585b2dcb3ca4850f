// The hot rate limits on Cloudflare's Workers Rate Limiting binding (decision 046): each binding
// holds the limit the contract states, the routes answer 429 rate_limited past it, per key, and
// nothing of them is written to D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EDGE_RATE_LIMITS, RATE_LIMIT_MESSAGE, type EdgeRateLimit } from "../../worker/contracts/limits";
import { rateLimits } from "../../worker/db/schema/operations";
import { call, createUser, db, errorOf, EDGE_LIMIT_TEST_TIMEOUT_MS, inOneEdgeLimitWindow, useFreshClientIp } from "./helpers";
import { like, seedPost } from "./posts-fixtures";

const bindingOf = (limit: EdgeRateLimit) => (env as unknown as Record<string, RateLimit>)[EDGE_RATE_LIMITS[limit].binding]!;

describe("the Rate Limiting bindings", () => {
  it.each(Object.keys(EDGE_RATE_LIMITS) as EdgeRateLimit[])(
    "%s allows exactly the contract's budget a minute, per key",
    async (limit) => {
      const { max, periodSeconds } = EDGE_RATE_LIMITS[limit];
      expect(periodSeconds).toBe(60);
      const binding = bindingOf(limit);
      const key = `test:${crypto.randomUUID()}`;
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect(await binding.limit({ key })).toEqual({ success: true });
      expect(await binding.limit({ key })).toEqual({ success: false });
      expect(await binding.limit({ key: `${key}:other` })).toEqual({ success: true });
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe("the routes", () => {
  it(
    "likes: past the budget 429 rate_limited, another member unaffected, no D1 window",
    async () => {
      const { max } = EDGE_RATE_LIMITS.likesPerUser;
      const author = await createUser("user");
      const fan = await createUser("user");
      const postIds = await Promise.all(Array.from({ length: max + 1 }, () => seedPost(author.id)));
      await inOneEdgeLimitWindow();
      for (const postId of postIds.slice(0, max)) expect((await like(fan, postId, "PUT")).status).toBe(200);
      const refused = await like(fan, postIds[max]!, "PUT");
      expect(refused.status).toBe(429);
      expect(await errorOf(refused)).toEqual({ code: "rate_limited", message: RATE_LIMIT_MESSAGE });
      expect((await like(author, postIds[max]!, "PUT")).status).toBe(200);
      expect(await db().select().from(rateLimits)).toEqual([]);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );

  it(
    "preview plays: counted per address, past the budget 429, no D1 window",
    async () => {
      const { max } = EDGE_RATE_LIMITS.previewPlaysPerIp;
      const ip = useFreshClientIp();
      const play = (address: string) => call("/api/music/tracks/spring-love/preview-plays", { method: "POST", headers: { "cf-connecting-ip": address } });
      await inOneEdgeLimitWindow();
      for (let i = 0; i < max; i++) expect((await play(ip)).status).toBe(200);
      const refused = await play(ip);
      expect(refused.status).toBe(429);
      expect((await errorOf(refused)).code).toBe("rate_limited");
      expect((await play(useFreshClientIp())).status).toBe(200);
      expect(await db().select().from(rateLimits)).toEqual([]);
    },
    EDGE_LIMIT_TEST_TIMEOUT_MS,
  );
});
