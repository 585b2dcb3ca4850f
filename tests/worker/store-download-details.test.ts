// A release's zip with its tracks' credits and lyrics (decision 117): credits.txt lists each
// track's credits by role, label, recording day and ISRC in the order's language; the lyrics come
// as files named as their tracks (.lrc for synced, .txt for plain; the order's language under the
// track's own name, another with its tag) where the buyer may read them: a public release's for
// every buyer, a VIP-only release's for a VIP or an administrator, never for a free member, a
// banned member or a guest's order. Written through the back office's routes, read through the
// download link, checked with fflate's own unzip.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { D1, grant, linkFor, putReleaseMedia, seedOrder } from "./download-fixtures";

const ALBUM = "radio-heartline";
const API = "/api/admin/catalog";

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser("admin");
  await putReleaseMedia(ALBUM);
  const put = async (path: string, json: unknown) => expect((await call(`${API}${path}`, { method: "PUT", json, cookie: admin.cookie })).status).toBe(200);
  await put(`/tracks/${ALBUM}-1/credits`, {
    credits: [
      { role: "performer", name: "Cia Rivera", detail: "vocals" },
      { role: "writer", name: "Ana Souza", detail: null },
      { role: "producer", name: "DJ Marcos", detail: null },
    ],
    isrc: "BRABC2400001",
    label: "Freestyle Lovers Records",
    recordedOn: "2024-05-31",
  });
  await put(`/tracks/${ALBUM}-2/credits`, { credits: [{ role: "remixer", name: "Léo Dias", detail: null }], isrc: null, label: null, recordedOn: null });
  await put(`/tracks/${ALBUM}-1/lyrics/en`, { synced: true, body: "[00:01.00]Tune in\n[00:04.00]Heartline" });
  await put(`/tracks/${ALBUM}-1/lyrics/pt-BR`, { synced: false, body: "Sintonize\nCoração" });
  await put(`/tracks/${ALBUM}-2/lyrics/en`, { synced: false, body: "Extended\nmix" });
});

const setAccess = async (access: "public" | "vip") =>
  expect((await call(`${API}/albums/${ALBUM}/lyrics-access`, { method: "PUT", json: { access }, cookie: admin.cookie })).status).toBe(200);

/** The zip a buyer (or a guest, null) downloads from a fresh order in `locale`. */
async function zipOf(buyer: TestUser | null, locale: "en" | "pt-BR" = "en") {
  const order = await seedOrder({ userId: buyer?.id ?? null, email: buyer?.email ?? "guest@example.com", lines: [], locale });
  const entitlement = await grant(order, { albumId: ALBUM }, buyer?.id ?? null);
  const res = await call(await linkFor(entitlement, "mp3"));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return { names: Object.keys(files), text, order };
}

const AUDIO = ["01 - Radio Heartline.mp3", "02 - Radio Heartline (Extended Mix).mp3", "03 - Saturday on Bergen Street.mp3", "cover.png", "credits.txt"];
const LYRICS_EN = ["01 - Radio Heartline.lrc", "01 - Radio Heartline.pt-BR.txt", "02 - Radio Heartline (Extended Mix).txt"];

describe("credits.txt", () => {
  it("lists each track's credits by role, then its label, recording day and ISRC, in English", async () => {
    const { text, names } = await zipOf(await createUser("user"));
    expect(names.slice(0, 5)).toEqual(AUDIO);
    const tracks = text("credits.txt").split("\r\n").slice(3, 12);
    expect(tracks).toEqual([
      "1. Radio Heartline (1:20)",
      "   Performer: Cia Rivera (vocals)",
      "   Writer: Ana Souza",
      "   Producer: DJ Marcos",
      "   Label: Freestyle Lovers Records",
      "   Recorded: May 31, 2024",
      "   ISRC: BRABC2400001",
      "2. Radio Heartline (Extended Mix) (0:38)",
      "   Remixer: Léo Dias",
    ]);
    expect(text("credits.txt").split("\r\n")[12]).toMatch(/^3\. Saturday on Bergen Street \(\d+:\d\d\)$/);
  });

  it("in Portuguese for an order in Portuguese", async () => {
    const { text } = await zipOf(await createUser("user"), "pt-BR");
    expect(text("credits.txt").split("\r\n").slice(4, 12)).toEqual([
      "   Intérprete: Cia Rivera (vocals)",
      "   Autoria: Ana Souza",
      "   Produção: DJ Marcos",
      "   Gravadora: Freestyle Lovers Records",
      "   Gravada em: 31 de maio de 2024",
      "   ISRC: BRABC2400001",
      "2. Radio Heartline (Extended Mix) (0:38)",
      "   Remix: Léo Dias",
    ]);
  });
});

describe("lyrics files", () => {
  it("a public release's lyrics for every buyer, a guest's order too: synced as .lrc, plain as .txt, the order's language under the track's name", async () => {
    await setAccess("public");
    for (const buyer of [await createUser("user"), null]) {
      const { names, text } = await zipOf(buyer);
      expect(names).toEqual([...AUDIO, ...LYRICS_EN]);
      expect(text("01 - Radio Heartline.lrc")).toBe("[00:01.00]Tune in\n[00:04.00]Heartline");
      expect(text("01 - Radio Heartline.pt-BR.txt")).toBe("Sintonize\nCoração");
      expect(text("02 - Radio Heartline (Extended Mix).txt")).toBe("Extended\nmix");
    }
    const pt = await zipOf(await createUser("user"), "pt-BR");
    expect(pt.names.slice(5)).toEqual(["01 - Radio Heartline.en.lrc", "01 - Radio Heartline.txt", "02 - Radio Heartline (Extended Mix).txt"]);
    expect(pt.text("01 - Radio Heartline.txt")).toBe("Sintonize\nCoração");
  });

  it("a VIP-only release's lyrics for a VIP or an administrator, never a free member, a banned member or a guest's order", async () => {
    await setAccess("vip");
    const banned = await createUser("banned");
    await D1.prepare("UPDATE users SET is_vip = 1 WHERE id = ?1").bind(banned.id).run();
    for (const buyer of [await createUser("vip"), admin]) expect((await zipOf(buyer)).names).toEqual([...AUDIO, ...LYRICS_EN]);
    for (const buyer of [await createUser("user"), banned, null]) expect((await zipOf(buyer)).names).toEqual(AUDIO);
    // The credits stay for everyone.
    expect((await zipOf(null)).text("credits.txt")).toContain("   ISRC: BRABC2400001\r\n");
  });

  it("the collection's size of the zip counts the lyrics the member may read", async () => {
    await setAccess("vip");
    const vip = await createUser("vip");
    const order = await seedOrder({ userId: vip.id, email: vip.email, lines: [] });
    const entitlement = await grant(order, { albumId: ALBUM }, vip.id);
    const collection = await call("/api/store/collection", { cookie: vip.cookie });
    expect(collection.status).toBe(200);
    const body = await collection.json<{ releases: { entitlementId: string; links: { format: string; bytes: number | null; url: string }[] }[] }>();
    const link = body.releases.find((r) => r.entitlementId === entitlement)!.links.find((l) => l.format === "mp3")!;
    const zip = await call(link.url);
    expect(Number(zip.headers.get("content-length"))).toBe(link.bytes);
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toEqual([...AUDIO, ...LYRICS_EN]);
  });
});
