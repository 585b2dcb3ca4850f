// Moving between tiers (decision 098) on the local test checkout: a free member joins VIP, moves up
// to Inner Circle paying the prorated difference and reads an Inner-Circle-only post (decision 099),
// moves down to VIP and keeps Inner Circle until the period's end, then is VIP after the renewal (the
// local test clock) and finds the post locked, naming the tier that opens it.
import type { APIRequestContext } from "@playwright/test";
import type { TierChangePreviewResponse } from "../../worker/contracts/tiers/moves";
import type { MembershipResponse } from "../../worker/contracts/payments";
import type { MeResponse } from "../../worker/contracts/auth";
import type { PostResponse } from "../../worker/contracts/feed";
import { asAdmin, expect, signUp, test } from "./fixtures";

const siteOrigin = () => new URL(test.info().project.use.baseURL!).origin;

const post = async (request: APIRequestContext, path: string, data?: unknown) => {
  const res = await request.post(path, { data, headers: { Origin: siteOrigin() } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
};
const tierOf = async (request: APIRequestContext) => ((await (await request.get("/api/auth/me")).json()) as MeResponse).user?.tier?.id;
const membership = async (request: APIRequestContext) => (await (await request.get("/api/payments/membership")).json()) as MembershipResponse;

test("a member joins VIP, moves up to Inner Circle, reads its post, down to VIP at the period's end", async ({ page, browser }) => {
  const request = page.request;
  await test.step("the journey's database has the demo Inner Circle tier", async () => {
    await post(request, "/api/dev/tiers/inner-circle");
  });
  const secret = `Inner Circle soundcheck notes ${Date.now().toString(36)}`;
  const postId = await test.step("the admin posts for Inner Circle and above", async () =>
    asAdmin(browser, async (api) => {
      const res = await api.post("/api/posts", { data: { content: secret, visibility: "vip", tiers: { minTier: "inner-circle" } } });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as PostResponse).post.id;
    }));
  const readPost = async () => (await (await request.get(`/api/posts/${postId}`)).json()) as PostResponse;
  await signUp(page);

  await test.step("pay for VIP in the local test checkout", async () => {
    await page.goto("/vip-signup");
    await page.getByRole("button", { name: "Join VIP Now" }).click();
    await expect(page).toHaveURL(/\/vip-checkout\/test\?session=cs_local_/);
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to VIP!" })).toBeVisible();
    expect(await tierOf(request)).toBe("vip");
    expect(await readPost()).toMatchObject({ post: { locked: true, content: "" } });
  });

  await test.step("move up to Inner Circle now, paying the prorated difference the preview showed", async () => {
    const preview = (await post(request, "/api/payments/subscription/change/preview", {
      tierId: "inner-circle",
      plan: "monthly",
    })) as TierChangePreviewResponse;
    expect(preview).toMatchObject({ kind: "upgrade", tierId: "inner-circle", currency: "usd", renewalCents: 2499 });
    // Bought moments ago: nearly the whole month of the difference ($24.99 - $9.99).
    expect(preview.amountNowCents).toBeGreaterThan(1400);
    expect(preview.amountNowCents).toBeLessThanOrEqual(1500);
    await post(request, "/api/payments/subscription/change", { tierId: "inner-circle", plan: "monthly" });
    expect(await tierOf(request)).toBe("inner-circle");
    expect((await membership(request)).tierId).toBe("inner-circle");
  });

  await test.step("the Inner-Circle-only post opens on its page", async () => {
    await page.goto(`/social/post/${postId}`);
    await expect(page.getByText(secret)).toBeVisible();
  });

  await test.step("move down to VIP: still Inner Circle until the period's end", async () => {
    const down = (await post(request, "/api/payments/subscription/change", { tierId: "vip", plan: "monthly" })) as TierChangePreviewResponse;
    expect(down).toMatchObject({ kind: "downgrade", tierId: "vip", amountNowCents: 0 });
    expect(await tierOf(request)).toBe("inner-circle");
    expect((await membership(request)).pendingChange).toMatchObject({ tierId: "vip", plan: "monthly", startsAt: down.renewsAt });
  });

  await test.step("after the renewal (the local test clock), VIP", async () => {
    await post(request, "/api/payments/local/subscription/renew");
    expect(await tierOf(request)).toBe("vip");
    const after = await membership(request);
    expect(after).toMatchObject({ status: "active", tierId: "vip", pendingChange: null });
  });

  await test.step("the Inner-Circle-only post is locked again, naming its tier", async () => {
    expect(await readPost()).toMatchObject({ post: { locked: true, content: "", tiers: { minTier: { id: "inner-circle" } } } });
    await page.goto(`/social/post/${postId}`);
    await expect(page.getByText("Inner Circle").first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
  });
});
