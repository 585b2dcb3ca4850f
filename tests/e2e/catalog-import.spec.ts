// Import by the folder (decisions 119 and 120), as the admin does it and a fan meets it: a
// three-track FLAC album generated here (tags, a cover and synced lyrics) is dropped as a folder,
// reviewed, its MP3s made in the browser from the masters, uploaded, then published in the
// catalog; a VIP plays a track and the lyric line sung moves, and the MP3 made in the browser
// carries its ID3v2.4 tag. The album's title carries a random
// suffix, so the journey shares nothing with another.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodePng } from "../../scripts/lib/png.mjs";
import { lrcOf, taggedFlac } from "../../scripts/lib/tagged-audio.mjs";
import { expect, signUpVip, test } from "./fixtures";
import { hostMs } from "./host-time";
import { axeViolations } from "./axe";

const pad = (n: number) => String(n).padStart(2, "0");
/** A datetime-local value in this machine's time zone (the browser's too). */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

const LINES = [
  { ms: 0, text: "Canção do mar" },
  { ms: 2500, text: "Você me leva" },
  { ms: 5000, text: "Onde o sol se deita" },
];
const TITLES = ["Canção do Mar", "Você", "Maré Alta"];

/** The album as a folder: three tagged FLACs, the lyrics in their LYRICS tags, a cover beside them. */
function writeAlbum(album: string): string {
  const root = path.join(tmpdir(), `catalog-import-${album.replace(/\W+/g, "-")}`);
  const folder = path.join(root, album);
  mkdirSync(folder, { recursive: true });
  TITLES.forEach((title, i) => {
    const tags = { TITLE: title, ALBUM: album, ARTIST: "Freestyle Lovers", TRACKNUMBER: String(i + 1), DATE: "2024", COMPOSER: "João", LYRICS: lrcOf(LINES) };
    writeFileSync(path.join(folder, `${pad(i + 1)} ${title}.flac`), taggedFlac({ seconds: 9, sampleRate: 44100, tags, seed: i }));
  });
  writeFileSync(
    path.join(folder, "cover.png"),
    encodePng(64, 64, (x, y) => [x * 4, y * 4, 128]),
  );
  return root;
}

test("the admin imports a FLAC album by the folder and publishes it; a VIP plays a track and follows its lyrics", async ({
  page,
  browser,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(hostMs(180_000));
  const album = `Maré ${Math.random().toString(36).slice(2, 8)}`;
  const root = writeAlbum(album);
  try {
    await loginAs("admin", "/admin/catalog");
    await page.getByRole("link", { name: "Import releases from a folder" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import releases" })).toBeVisible();
    expect(await axeViolations(page), "axe on the drop area").toEqual([]);
    await page.getByTestId("catalog-import-folder").setInputFiles(path.join(root, album));

    const table = page.getByRole("table", { name: `Tracks of ${album}` });
    await expect(table).toBeVisible({ timeout: hostMs(30_000) });
    await expect(table.getByRole("row")).toHaveCount(4);
    for (const [i, title] of TITLES.entries()) {
      await expect(table.getByRole("textbox", { name: `Title, track ${i + 1}` })).toHaveValue(title);
      await expect(table.getByRole("combobox", { name: `Streaming, track ${i + 1}` })).toHaveValue("");
    }
    await expect(table.getByText("Synced")).toHaveCount(3);
    await expect(table.getByText("Ready")).toHaveCount(3);
    await expect(page.getByLabel("Cover")).toHaveValue(/.+/);
    expect(await axeViolations(page), "axe on the review").toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
    const overflow = await table.evaluate((el) => {
      const container = el.parentElement!.getBoundingClientRect();
      const widest = Math.max(el.getBoundingClientRect().right, ...[...el.querySelectorAll("td, th")].map((cell) => cell.getBoundingClientRect().right));
      return Math.max(widest - container.right, el.scrollWidth - el.clientWidth, document.documentElement.scrollWidth - window.innerWidth);
    });
    expect(overflow, "the review table fits a 1366 px screen without scrolling sideways").toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Upload and create drafts" }).click();
    await expect(page.getByText(/The drafts are in the catalog/)).toBeVisible({ timeout: hostMs(120_000) });
    await expect(page.getByRole("link", { name: `Open ${album} in the catalog` })).toBeVisible();

    // Publish in the catalog: a public release time in the past.
    await page.getByRole("link", { name: `Open ${album} in the catalog` }).click();
    // The link opens the draft's tracks; each FLAC master's WAV is being made or made already.
    await expect(page.getByRole("button", { name: `Tracks of ${album}` })).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("table", { name: `Tracks of ${album}` }).getByText(/WAV being made…|Also sold as WAV/)).toHaveCount(TITLES.length);
    await page.getByRole("button", { name: `Edit ${album}` }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Public release").fill(local(new Date(Date.now() - 3_600_000)));
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect(form).toBeHidden();
    const albums = (await (await page.request.get("/api/admin/catalog/albums")).json()) as {
      albums: {
        id: string;
        title: string;
        coverUrl: string | null;
        tracks: { id: string; title: string; audio: { kind: string; format?: string }; master: string | null }[];
      }[];
    };
    const imported = albums.albums.find((a) => a.title === album)!;
    expect(imported.coverUrl).not.toBeNull();
    expect(imported.tracks.map((t) => [t.title, t.audio.kind, t.audio.format, t.master])).toEqual(TITLES.map((title) => [title, "file", "mp3", "flac"]));

    const fan = await browser.newContext();
    const vipPage = await fan.newPage();
    await signUpVip(vipPage, browser);
    await vipPage.goto(`/music/catalog/${imported.id}`);
    await expect(vipPage.getByRole("heading", { level: 1, name: album })).toBeVisible();
    await vipPage.getByRole("button", { name: `Play ${TITLES[1]}`, exact: true }).click();
    const bar = vipPage.getByRole("region", { name: "Audio player" });
    await expect(bar.locator(".player-bar-title")).toHaveText(TITLES[1]!);
    await bar.getByRole("button", { name: "Lyrics" }).click();
    const lines = vipPage.locator(".lyrics-panel-lines li");
    await expect(lines).toHaveText(LINES.map((l) => l.text));
    await expect(vipPage.locator('.lyrics-panel-lines li[aria-current="true"]')).toHaveText(LINES[0]!.text, { timeout: hostMs(15_000) });
    await expect(vipPage.locator('.lyrics-panel-lines li[aria-current="true"]')).toHaveText(LINES[1]!.text, { timeout: hostMs(15_000) });
    // The MP3 the browser made from the master, as stored: its ID3v2.4 tag read by music-metadata.
    const { artistName } = ((await (await page.request.get("/api/admin/settings")).json()) as { settings: { artistName: string } }).settings;
    const stream = await vipPage.request.post(`/api/music/tracks/${imported.tracks[1]!.id}/stream`, { data: {}, headers: { origin: baseURL! } });
    expect(stream.status()).toBe(200);
    const mp3 = await (await vipPage.request.get(((await stream.json()) as { url: string }).url)).body();
    const { parseBuffer } = await import("music-metadata");
    const { common, format } = await parseBuffer(mp3, { mimeType: "audio/mpeg" });
    expect(format.tagTypes).toContain("ID3v2.4");
    expect(common).toMatchObject({ title: TITLES[1], artist: artistName, album, track: { no: 2, of: 3 }, disk: { no: 1, of: null }, year: 2024 });
    expect(Buffer.from(common.picture![0]!.data).equals(readFileSync(path.join(root, album, "cover.png")))).toBe(true);
    await fan.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
