// Refusals are never stored by a shared cache: a 403 (another role's route, a missing CSRF origin)
// and a 413 (a JSON body or an upload over its limit) carry Cache-Control: no-store, however the
// route built them.
import { describe, expect, it } from "vitest";
import { call, createUser } from "./helpers";
import { AVATAR_MAX_BYTES, JSON_BODY_MAX_BYTES } from "../../worker/contracts/limits";

describe("Cache-Control on refusals", () => {
  it("a member on an admin route: 403, no-store", async () => {
    const member = await createUser("user");
    const res = await call("/api/admin/users", { cookie: member.cookie });
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("a write from another origin: 403, no-store", async () => {
    const member = await createUser("user");
    const res = await call("/api/posts", { json: { content: "hi" }, cookie: member.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("a JSON body over the limit: 413, no-store", async () => {
    const member = await createUser("user");
    const res = await call("/api/posts", { json: { content: "x".repeat(JSON_BODY_MAX_BYTES + 1) }, cookie: member.cookie });
    expect(res.status).toBe(413);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("an avatar over its limit: 413, no-store", async () => {
    const member = await createUser("user");
    const form = new FormData();
    form.append("avatar", new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "big.png", { type: "image/png" }));
    const res = await call("/api/uploads/avatar", { body: form, cookie: member.cookie });
    expect(res.status).toBe(413);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
