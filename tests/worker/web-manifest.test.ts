// GET /manifest.webmanifest (decision 042): the installable app's manifest, named by the site's
// configuration, its texts in the visitor's language as the pages pick it (?lang=, the app's
// cookie, Accept-Language), and the policy lets the browser load it and the service worker.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const manifest = (headers: Record<string, string> = {}, query = "") => exports.default.fetch(`https://fans.test/manifest.webmanifest${query}`, { headers });

describe("GET /manifest.webmanifest", () => {
  it("describes the installable app in English by default", async () => {
    const res = await manifest({ "Accept-Language": "en-US,en;q=0.9" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    expect(res.headers.get("content-language")).toBe("en");
    expect(await res.json()).toEqual({
      id: "/",
      name: "Freestyle Lovers",
      short_name: "Freestyle",
      description: "The official fan community: music, radio, TV, events and VIP membership.",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#14061f",
      background_color: "#0d0418",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
      shortcuts: [
        { name: "Music", url: "/music", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
        { name: "Radio", url: "/radio", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
        { name: "Feed", url: "/social", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] },
      ],
    });
  });

  it.each([
    ["the app's language cookie", { "Accept-Language": "en-US", Cookie: "locale=pt-BR" }, ""],
    ["Accept-Language", { "Accept-Language": "pt-BR,pt;q=0.9" }, ""],
    ["?lang=", { "Accept-Language": "en-US", Cookie: "locale=en" }, "?lang=pt-BR"],
  ])("is in Portuguese when %s asks for it", async (_, headers, query) => {
    const res = await manifest(headers, query);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-language")).toBe("pt-BR");
    const body = await res.json<{ lang: string; description: string; shortcuts: { name: string }[] }>();
    expect(body.lang).toBe("pt-BR");
    expect(body.description).toBe("A comunidade oficial de fãs: música, rádio, TV, eventos e assinatura VIP.");
    expect(body.shortcuts.map((shortcut) => shortcut.name)).toEqual(["Música", "Rádio", "Feed"]);
  });

  it("is allowed by the policy, with the service worker", async () => {
    const policy = (await manifest()).headers.get("content-security-policy");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});
