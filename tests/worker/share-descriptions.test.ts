// What an album's or a track's page says of itself to search engines and chat apps: the
// <meta name="description"> and og:description the Worker renders, from the content in the page's
// language (an album's notes, cut at a word; a track's album and year), and the generic text only
// for an album without notes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/en?english";
import ptBR from "../../app/i18n/pt-BR.json";
import { decodeEntities, metaContents, page } from "./pages-fixtures";

const D1 = (env as unknown as { DB: D1Database }).DB;

/** The page's description and its Open Graph copy, as a parser reads them; they must agree. */
async function descriptionOf(path: string, locale: "en" | "pt-BR"): Promise<string> {
  const res = await page(path, { headers: { "accept-language": locale } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const [description, ...more] = metaContents(html, "description").map(decodeEntities);
  expect(more).toEqual([]);
  expect(metaContents(html, "og:description").map(decodeEntities)).toEqual([description]);
  expect(metaContents(html, "twitter:description").map(decodeEntities)).toEqual([description]);
  return description!;
}

const setNotes = (album: string, notes: string | null, notesPtBr: string | null) =>
  D1.prepare("UPDATE albums SET notes = ?2, notes_pt_br = ?3 WHERE id = ?1").bind(album, notes, notesPtBr).run();

const LONG_NOTES =
  "Recorded over three winter nights in a Bronx basement studio, Satin & Neon is the sound of the city after midnight: drum machines, Latin percussion and synthesizers under melodies sung straight from the heart.\nMixed at dawn.";
const LONG_NOTES_PT =
  "Gravado em três noites de inverno num estúdio de porão no Bronx, Satin & Neon é o som da cidade depois da meia-noite: baterias eletrônicas, percussão latina e sintetizadores sob melodias cantadas direto do coração.";

describe("an album's page", () => {
  it("describes the album by its notes in the page's language, cut at a word with an ellipsis", async () => {
    await setNotes("satin-and-neon", LONG_NOTES, LONG_NOTES_PT);
    const english = await descriptionOf("/music/catalog/satin-and-neon", "en");
    expect(english).toBe(
      "Recorded over three winter nights in a Bronx basement studio, Satin & Neon is the sound of the city after midnight: drum machines, Latin percussion and…",
    );
    expect(english.length).toBeLessThanOrEqual(160);
    const portuguese = await descriptionOf("/music/catalog/satin-and-neon", "pt-BR");
    expect(portuguese).toBe(
      "Gravado em três noites de inverno num estúdio de porão no Bronx, Satin & Neon é o som da cidade depois da meia-noite: baterias eletrônicas, percussão latina e…",
    );
    expect(portuguese.length).toBeLessThanOrEqual(160);
  });

  it("keeps short notes whole on one line, and reads the English ones where there is no Portuguese", async () => {
    await setNotes("satin-and-neon", "The 1989 album.\nRemastered in 2026.", null);
    expect(await descriptionOf("/music/catalog/satin-and-neon", "en")).toBe("The 1989 album. Remastered in 2026.");
    expect(await descriptionOf("/music/catalog/satin-and-neon", "pt-BR")).toBe("The 1989 album. Remastered in 2026.");
  });

  it("says the generic text only when the album has no notes", async () => {
    await setNotes("satin-and-neon", null, null);
    expect(await descriptionOf("/music/catalog/satin-and-neon", "en")).toBe(en["meta.album.description"]);
    expect(await descriptionOf("/music/catalog/satin-and-neon", "pt-BR")).toBe((ptBR as Record<string, string>)["meta.album.description"]);
  });
});

describe("a track's page", () => {
  it("describes the track by its album and year, in the page's language", async () => {
    const year = (await D1.prepare("SELECT year FROM albums WHERE id = 'freestyle-nights'").first<{ year: number }>())!.year;
    expect(await descriptionOf("/music/track/waiting-for-your-love", "en")).toBe(`From Freestyle Nights (${year}). Listen on Freestyle Lovers.`);
    expect(await descriptionOf("/music/track/waiting-for-your-love", "pt-BR")).toBe(`Do álbum Freestyle Nights (${year}). Ouça no Freestyle Lovers.`);
  });

  it("names only the album, no year, while the album is in VIP early access", async () => {
    const now = Date.now();
    await D1.prepare("UPDATE albums SET release_at = ?2, early_access_at = ?3 WHERE id = ?1")
      .bind("satin-and-neon", now + 7 * 86_400_000, now - 3_600_000)
      .run();
    try {
      const track = (await D1.prepare("SELECT id FROM tracks WHERE album_id = 'satin-and-neon' ORDER BY number LIMIT 1").first<{ id: string }>())!.id;
      expect(await descriptionOf(`/music/track/${track}`, "en")).toBe("From Satin & Neon. Listen on Freestyle Lovers.");
      expect(await descriptionOf(`/music/track/${track}`, "pt-BR")).toBe("Do álbum Satin & Neon. Ouça no Freestyle Lovers.");
    } finally {
      await D1.prepare("UPDATE albums SET release_at = NULL, early_access_at = NULL WHERE id = 'satin-and-neon'").run();
    }
  });
});
