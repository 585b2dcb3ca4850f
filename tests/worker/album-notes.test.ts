// Album notes in English and Portuguese: the back office writes them (admins only, plain text of at
// most 2,000 characters each, multi-line); the public album answer carries them in the visitor's
// language (?lang= > locale cookie > Accept-Language), English when there is no Portuguese; the
// album page's MusicAlbum markup has them as its description, with their language.
//
// Expectations come from raw SQL against D1, never from the query functions under test.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { forget } from "../../worker/lib/memo";
import { ALBUM_NOTES_MAX, CATALOG_MESSAGES, type AdminAlbumResponse } from "../../worker/contracts/music/admin-catalog";
import type { AlbumResponse } from "../../worker/contracts/music/music";
import { call, errorOf, ruleError } from "./helpers";
import { cookieFor, expectRefused } from "./admin-gate-matrix";
import { page } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/catalog";

const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const jsonLdOf = (html: string) => [...html.matchAll(LD_SCRIPT)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

const storedNotes = (id: string) =>
  D1.prepare("SELECT notes, notes_pt_br AS notesPtBr FROM albums WHERE id = ?").bind(id).first<{ notes: string | null; notesPtBr: string | null }>();

const EN = "Recorded in New York in one summer.\nEvery track was cut live.";
const PT = "Gravado em Nova York em um verão.\nCada faixa foi gravada ao vivo.";

async function newAlbum(fields: Record<string, unknown> = {}) {
  const res = await call(`${API}/albums`, {
    method: "POST",
    json: { title: "Night Notes", year: 1989, type: "Album", ...fields },
    cookie: await cookieFor("admin"),
  });
  expect(res.status).toBe(201);
  return (await res.json<AdminAlbumResponse>()).album;
}

const publicAlbum = async (id: string, query = "", headers: Record<string, string> = {}) => {
  const res = await call(`/api/music/albums/${id}${query}`, { headers });
  expect(res.status).toBe(200);
  return { res, album: (await res.json<AlbumResponse>()).album };
};

beforeEach(() => forget(""));

describe("admin writes album notes", () => {
  it("as admin → 200, both notes stored (CRLF as LF, trimmed) and answered", async () => {
    const album = await newAlbum();
    expect(await storedNotes(album.id)).toEqual({ notes: null, notesPtBr: null });
    const res = await call(`${API}/albums/${album.id}`, {
      method: "PATCH",
      json: { notes: ` ${EN.replace("\n", "\r\n")} `, notesPtBr: PT },
      cookie: await cookieFor("admin"),
    });
    expect(res.status).toBe(200);
    const saved = (await res.json<AdminAlbumResponse>()).album;
    expect({ notes: saved.notes, notesPtBr: saved.notesPtBr }).toEqual({ notes: EN, notesPtBr: PT });
    expect(await storedNotes(album.id)).toEqual({ notes: EN, notesPtBr: PT });
  });

  it("an empty note clears it (stored as null)", async () => {
    const album = await newAlbum({ notes: EN, notesPtBr: PT });
    expect(await storedNotes(album.id)).toEqual({ notes: EN, notesPtBr: PT });
    const res = await call(`${API}/albums/${album.id}`, { method: "PATCH", json: { notesPtBr: "  " }, cookie: await cookieFor("admin") });
    expect(res.status).toBe(200);
    expect(await storedNotes(album.id)).toEqual({ notes: EN, notesPtBr: null });
  });

  it("as member → 403 admin_required, nothing stored", async () => {
    const album = await newAlbum();
    const res = await call(`${API}/albums/${album.id}`, { method: "PATCH", json: { notes: EN }, cookie: await cookieFor("user") });
    await expectRefused(res, "user");
    expect(await storedNotes(album.id)).toEqual({ notes: null, notesPtBr: null });
  });

  it.each(["notes", "notesPtBr"] as const)("a %s of 2,001 characters → 400 with its field and code, nothing stored", async (field) => {
    const album = await newAlbum({ notes: EN });
    const res = await call(`${API}/albums/${album.id}`, {
      method: "PATCH",
      json: { [field]: "a".repeat(ALBUM_NOTES_MAX + 1) },
      cookie: await cookieFor("admin"),
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual(ruleError(CATALOG_MESSAGES.notesTooLong, field));
    expect(await storedNotes(album.id)).toEqual({ notes: EN, notesPtBr: null });
  });

  it("2,000 characters are accepted", async () => {
    const album = await newAlbum();
    const res = await call(`${API}/albums/${album.id}`, { method: "PATCH", json: { notes: "a".repeat(ALBUM_NOTES_MAX) }, cookie: await cookieFor("admin") });
    expect(res.status).toBe(200);
    expect((await storedNotes(album.id))!.notes).toHaveLength(ALBUM_NOTES_MAX);
  });

  it("a bidi override in a note → 400 invalid characters, nothing stored", async () => {
    const album = await newAlbum();
    const res = await call(`${API}/albums/${album.id}`, { method: "PATCH", json: { notes: "abc\u202Edef" }, cookie: await cookieFor("admin") });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).field).toBe("notes");
    expect(await storedNotes(album.id)).toEqual({ notes: null, notesPtBr: null });
  });
});

describe("the public album's notes", () => {
  it("are English for en and Portuguese for pt-BR, with Content-Language and Vary", async () => {
    const album = await newAlbum({ notes: EN, notesPtBr: PT });
    const en = await publicAlbum(album.id, "?lang=en");
    expect(en.album.notes).toBe(EN);
    expect(en.res.headers.get("content-language")).toBe("en");
    expect(en.res.headers.get("vary")).toContain("Accept-Language");
    const pt = await publicAlbum(album.id, "?lang=pt-BR");
    expect(pt.album.notes).toBe(PT);
    expect(pt.res.headers.get("content-language")).toBe("pt-BR");
    // Without ?lang=, the browser's language chooses (the memo holds both languages).
    expect((await publicAlbum(album.id, "", { "accept-language": "pt-BR,pt;q=0.9" })).album.notes).toBe(PT);
    expect((await publicAlbum(album.id, "", { "accept-language": "en-US" })).album.notes).toBe(EN);
  });

  it("are English for pt-BR when the Portuguese is empty, and null without notes", async () => {
    const withEnglish = await newAlbum({ notes: EN, notesPtBr: "" });
    expect((await publicAlbum(withEnglish.id, "?lang=pt-BR")).album.notes).toBe(EN);
    const without = await newAlbum();
    expect((await publicAlbum(without.id, "?lang=pt-BR")).album.notes).toBeNull();
    expect((await publicAlbum(without.id, "?lang=en")).album.notes).toBeNull();
  });

  it("the album list carries no notes", async () => {
    await newAlbum({ notes: EN });
    const res = await call("/api/music/albums");
    const albums = (await res.json<{ albums: Record<string, unknown>[] }>()).albums;
    expect(albums.some((a) => "notes" in a)).toBe(false);
  });
});

describe("the album page's MusicAlbum markup", () => {
  const albumLd = async (path: string) => jsonLdOf(await (await page(path)).text()).find((d) => d["@type"] === "MusicAlbum")!;

  it("has the notes in the page's language as its description, with inLanguage", async () => {
    const album = await newAlbum({ notes: EN, notesPtBr: PT });
    expect(await albumLd(`/music/catalog/${album.id}?lang=en`)).toMatchObject({ description: EN, inLanguage: "en" });
    expect(await albumLd(`/music/catalog/${album.id}?lang=pt-BR`)).toMatchObject({ description: PT, inLanguage: "pt-BR" });
  });

  it("says the description is English on a Portuguese page without Portuguese notes, and has none without notes", async () => {
    const english = await newAlbum({ notes: EN });
    expect(await albumLd(`/music/catalog/${english.id}?lang=pt-BR`)).toMatchObject({ description: EN, inLanguage: "en" });
    const none = await newAlbum();
    const ld = await albumLd(`/music/catalog/${none.id}?lang=pt-BR`);
    expect(ld).not.toHaveProperty("description");
    expect(ld).not.toHaveProperty("inLanguage");
  });
});
