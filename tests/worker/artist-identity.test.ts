// The artist's identity (back office settings, decision 033): the short bio in both languages, the
// links and the portrait beside the artist's name; GET /api/artist for every visitor; the album and
// track pages' music tags and schema.org markup naming the artist (never the brand) and following
// the setting; the chat persona is the same setting.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { siteSettings } from "../../worker/db/schema/operations";
import { forget } from "../../worker/lib/memo";
import { ARTIST_BIO_MAX, type AdminSettingsResponse, type ArtistResponse } from "../../worker/contracts/admin/settings";
import { call, createUser, db, errorOf, type TestUser } from "./helpers";
import { cookieFor, expectRefused, ROLES, statusFor } from "./admin-gate-matrix";
import { claimingSize, JPEG_1X1, PNG_1X1 } from "./image-fixtures";
import { metaContents, page } from "./pages-fixtures";

const vars = env as unknown as { BRAND_NAME: string; CHAT_PERSONA_NAME: string; MEDIA: R2Bucket };

const putPortrait = (cookie: string | undefined, body: BodyInit) => call("/api/admin/settings/portrait", { method: "PUT", body, cookie });
const putSettings = (cookie: string | undefined, json: unknown) => call("/api/admin/settings", { method: "PUT", json, cookie });
const storedKeys = async () => (await db().select({ key: siteSettings.key }).from(siteSettings)).map((r) => r.key);
const artist = async () => (await call("/api/artist")).json<ArtistResponse>();

const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const jsonLdOf = (html: string) => [...html.matchAll(LD_SCRIPT)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

beforeEach(async () => {
  await db().delete(siteSettings);
  forget("");
});

describe("PUT /api/admin/settings/portrait", () => {
  for (const role of ROLES) {
    it(`as ${role} → ${statusFor(role, 200)}${role === "admin" ? "" : ", nothing stored"}`, async () => {
      const res = await putPortrait(await cookieFor(role), PNG_1X1);
      if (role === "admin") {
        expect(res.status).toBe(200);
        const url = (await res.json<AdminSettingsResponse>()).settings.artistPortraitUrl;
        expect(url).toMatch(/^\/media\/site\/artist-portrait-[0-9a-f]{16}\.png$/);
      } else {
        await expectRefused(res, role);
        expect(await storedKeys()).toEqual([]);
      }
    });
  }

  it("stores the picture in R2, serves it to everyone, names it in GET /api/artist and deletes the one it replaces", async () => {
    const admin = await createUser("admin");
    const first = (await (await putPortrait(admin.cookie, PNG_1X1)).json<AdminSettingsResponse>()).settings.artistPortraitUrl;
    const second = (await (await putPortrait(admin.cookie, JPEG_1X1)).json<AdminSettingsResponse>()).settings.artistPortraitUrl;
    expect(second).toMatch(/\.jpg$/);
    const served = await call(second);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG_1X1);
    expect(await vars.MEDIA.head(first.slice("/media/".length))).toBeNull();
    expect((await artist()).portraitUrl).toBe(second);
  });

  it("refuses what is not a JPEG, PNG or WebP picture (415) and a picture too large a side (400), storing nothing", async () => {
    const admin = await createUser("admin");
    const text = await putPortrait(admin.cookie, "not a picture");
    expect(text.status).toBe(415);
    expect((await errorOf(text)).code).toBe("unsupported_type");
    const huge = await putPortrait(admin.cookie, claimingSize("png", 20_000, 20_000));
    expect(huge.status).toBe(400);
    expect((await errorOf(huge)).code).toBe("image_dimensions");
    expect(await storedKeys()).toEqual([]);
    expect((await artist()).portraitUrl).toBe("/media/site/artist-portrait.jpg");
  });
});

describe("PUT /api/admin/settings: the artist's bio and links", () => {
  let admin: TestUser;
  beforeEach(async () => {
    admin = await createUser("admin");
  });

  it("stores the bio in both languages and the links, answered to everyone by GET /api/artist", async () => {
    const res = await putSettings(admin.cookie, {
      artistName: "Marina Sol",
      artistBio: { en: "  Freestyle singer from New York.  ", "pt-BR": "Cantora de freestyle de Nova York." },
      artistLinks: { website: "https://marina.example/", instagram: "https://instagram.com/marina" },
    });
    expect(res.status).toBe(200);
    const body = await artist();
    expect(body).toMatchObject({
      name: "Marina Sol",
      bio: { en: "Freestyle singer from New York.", "pt-BR": "Cantora de freestyle de Nova York." },
      links: { website: "https://marina.example/", instagram: "https://instagram.com/marina", facebook: null, youtube: null },
      portraitUrl: "/media/site/artist-portrait.jpg",
    });
    // A link sent as "" is cleared; the others stay.
    expect((await putSettings(admin.cookie, { artistLinks: { instagram: "" } })).status).toBe(200);
    forget("");
    expect((await artist()).links).toEqual({ website: "https://marina.example/", instagram: null, facebook: null, youtube: null });
  });

  it("refuses a bio longer than the limit (400 artist_bio_too_long) and a link that is not an address (400 website_invalid), storing nothing", async () => {
    const long = await putSettings(admin.cookie, { artistBio: { en: "a".repeat(ARTIST_BIO_MAX + 1), "pt-BR": "" } });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toMatchObject({ code: "artist_bio_too_long", field: "artistBio.en", params: { max: ARTIST_BIO_MAX } });
    const link = await putSettings(admin.cookie, { artistLinks: { website: "javascript:alert(1)" } });
    expect(link.status).toBe(400);
    expect(await errorOf(link)).toMatchObject({ code: "website_invalid", field: "artistLinks.website" });
    const partial = await putSettings(admin.cookie, { artistBio: { en: "Only one language" } });
    expect(partial.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  it("GET /api/artist names the persona until a name is saved, and the iconic hits with their covers", async () => {
    const res = await call("/api/artist");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = await res.json<ArtistResponse>();
    expect(body.name).toBe(vars.CHAT_PERSONA_NAME);
    expect(body.hits).toEqual([
      { trackId: "spring-love", coverUrl: "/media/covers/spring-love-single.png" },
      { trackId: "moonlight-boulevard-1", coverUrl: "/media/covers/moonlight-boulevard.png" },
      { trackId: "i-wanna-be-the-one", coverUrl: "/media/covers/i-wanna-be-the-one-single.png" },
    ]);
  });
});

describe("album and track pages name the artist", () => {
  it("an album page's MusicAlbum byArtist and music:musician name the artist, never the brand, and follow the setting", async () => {
    const before = await (await page("/music/catalog/spring-love-single")).text();
    const [album] = jsonLdOf(before).filter((d) => d["@type"] === "MusicAlbum");
    expect(album).toMatchObject({
      name: "Spring Love",
      url: "https://fans.test/music/catalog/spring-love-single",
      byArtist: { "@type": "Person", name: vars.CHAT_PERSONA_NAME },
      image: "https://fans.test/media/covers/spring-love-single.png",
    });
    expect(JSON.stringify(album)).not.toContain(vars.BRAND_NAME);
    expect(metaContents(before, "music:musician")).toEqual(["https://fans.test/#bio"]);
    expect(metaContents(before, "author")).toEqual([vars.CHAT_PERSONA_NAME]);

    const admin = await createUser("admin");
    await putSettings(admin.cookie, { artistName: "Marina Sol", artistLinks: { website: "https://marina.example/", youtube: "https://youtube.com/@marina" } });
    const after = await (await page("/music/catalog/spring-love-single?lang=pt-BR")).text();
    const [albumPt] = jsonLdOf(after).filter((d) => d["@type"] === "MusicAlbum");
    expect(albumPt!.byArtist).toEqual({ "@type": "Person", name: "Marina Sol", url: "https://marina.example/", sameAs: ["https://youtube.com/@marina"] });
    expect(metaContents(after, "music:musician")).toEqual(["https://marina.example/"]);
  });

  it("a track page's MusicRecording byArtist and share tags name the artist", async () => {
    const admin = await createUser("admin");
    await putSettings(admin.cookie, { artistName: "Marina Sol" });
    const html = await (await page("/music/track/spring-love")).text();
    const [track] = jsonLdOf(html).filter((d) => d["@type"] === "MusicRecording");
    expect(track).toMatchObject({
      name: "Spring Love",
      byArtist: { "@type": "Person", name: "Marina Sol" },
      inAlbum: { "@type": "MusicAlbum", url: "https://fans.test/music/catalog/spring-love-single" },
    });
    expect(metaContents(html, "music:album")).toEqual(["https://fans.test/music/catalog/spring-love-single"]);
    expect(metaContents(html, "author")).toEqual(["Marina Sol"]);
  });

  it("an unknown album is a 404 with no artist markup", async () => {
    const res = await page("/music/catalog/no-such-album");
    expect(res.status).toBe(404);
    expect(jsonLdOf(await res.text())).toEqual([]);
  });
});
