// Ids made from titles (albums, tracks, radio stations, TV channels: worker/lib/slug.ts): a title of
// any length the contract allows, 1 to TITLE_MAX characters, is created (201, never a 500), and the
// same title twice makes two rows with distinct ids. Long titles make slugs past 50 bytes, the
// longest LIKE pattern D1 accepts, so the ids taken are looked up by range (idsLike in
// worker/db/music/admin-catalog.ts). Each kind is tried at the lengths where its id changes behaviour
// (below), both ends included: every length in between takes a path one of those already takes.
// Events, perks and venues take random UUIDs, not slugs, so they have nothing to fuzz here.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { SLUG_PATTERN } from "../../worker/contracts/music/music";
import {
  TITLE_MAX,
  type AdminAlbumResponse,
  type AdminChannelResponse,
  type AdminStationResponse,
  type AdminTrackResponse,
} from "../../worker/contracts/music/admin-catalog";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/catalog";

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser("admin");
});

const WORDS = ["Freestyle", "Forever", "The", "Definitive", "Twelve-Inch", "Remixes", "Collection", "Extended", "Club", "Mix"];
/** A title of exactly `length` characters: words (slugs with dashes) or one long word (cut short). */
function titleOf(length: number, kind: "words" | "one-word"): string {
  if (kind === "one-word") return "x".repeat(length);
  let s = "";
  for (let i = 0; s.length < length; i++) s += (s ? " " : "") + WORDS[i % WORDS.length];
  return s.slice(0, length).trimEnd().padEnd(length, "z");
}
// Where an id changes behaviour. slugify() cuts a slug at 60 characters (40 for a track's title part),
// a track id is `<album>-<title slug>` cut to 90, and D1 refuses LIKE patterns over 50 bytes: a
// lookup by the pattern 'base-%' broke from a 49-character slug on.
const SLUG_MAX = 60;
const TRACK_TITLE_SLUG_MAX = 40;
const TRACK_ID_MAX = 90;
const D1_LIKE_PATTERN_MAX = 50;
const ENDS = [1, 2, TITLE_MAX - 1, TITLE_MAX];
/** Albums, stations and channels: ids are the title's slug. */
const SLUG_LENGTHS = [...ENDS, D1_LIKE_PATTERN_MAX - 2, D1_LIKE_PATTERN_MAX - 1, SLUG_MAX - 1, SLUG_MAX, SLUG_MAX + 1];
/** Tracks of a 60-character album id: the id reaches 90 at a 29-character title; the title's slug stops at 40. */
const TRACK_TITLE_AT_ID_MAX = TRACK_ID_MAX - SLUG_MAX - 1;
const TRACK_LENGTHS = [
  ...ENDS,
  TRACK_TITLE_AT_ID_MAX - 1,
  TRACK_TITLE_AT_ID_MAX,
  TRACK_TITLE_AT_ID_MAX + 1,
  TRACK_TITLE_SLUG_MAX - 1,
  TRACK_TITLE_SLUG_MAX,
  TRACK_TITLE_SLUG_MAX + 1,
];

type Make = {
  path: () => Promise<string>;
  json: (title: string) => Record<string, unknown>;
  idOf: (body: unknown) => string;
  table: string;
  /** The title lengths tried. */
  lengths: number[];
};
const KINDS: Record<string, Make> = {
  album: {
    path: async () => `${API}/albums`,
    json: (title) => ({ title, year: 1987, type: "Album" }),
    idOf: (b) => (b as AdminAlbumResponse).album.id,
    table: "albums",
    lengths: SLUG_LENGTHS,
  },
  track: {
    // The album's own id is as long as a slug gets (60), so track ids reach their 90-character cap.
    path: async () => `${API}/albums/${await longAlbum()}/tracks`,
    json: (title) => ({ title }),
    idOf: (b) => (b as AdminTrackResponse).track.id,
    table: "tracks",
    lengths: TRACK_LENGTHS,
  },
  station: {
    path: async () => `${API}/stations`,
    json: (name) => ({ name, descriptionEn: "All hits", descriptionPtBr: "Todos os sucessos", sourceType: "catalog" }),
    idOf: (b) => (b as AdminStationResponse).station.id,
    table: "radio_stations",
    lengths: SLUG_LENGTHS,
  },
  channel: {
    path: async () => `${API}/channels`,
    json: (name) => ({ name, descriptionEn: "Videos", descriptionPtBr: "Vídeos", category: "music_video" }),
    idOf: (b) => (b as AdminChannelResponse).channel.id,
    table: "tv_channels",
    lengths: SLUG_LENGTHS,
  },
};

let longAlbumId: string | undefined;
async function longAlbum(): Promise<string> {
  if (longAlbumId) return longAlbumId;
  const res = await call(`${API}/albums`, { cookie: admin.cookie, json: { title: "q".repeat(TITLE_MAX), year: 1990, type: "Album" } });
  expect(res.status).toBe(201);
  longAlbumId = (await res.json<AdminAlbumResponse>()).album.id;
  expect(longAlbumId.length).toBe(60);
  return longAlbumId;
}

async function create(kind: Make, title: string): Promise<string> {
  const res = await call(await kind.path(), { cookie: admin.cookie, json: kind.json(title) });
  expect(res.status, `${title.length}: ${title}`).toBe(201);
  const id = kind.idOf(await res.json());
  expect(id).toMatch(SLUG_PATTERN);
  return id;
}

describe("ids made from long titles", () => {
  it("creates the probe's album and track titles (500 before: D1 refused the LIKE pattern)", async () => {
    const album = await create(KINDS.album!, "Freestyle Forever: The Definitive Twelve-Inch Remixes Collection");
    expect(album).toBe("freestyle-forever-the-definitive-twelve-inch-remixes");
    // city-lights-calling is a seeded album (the demo seed, scripts/catalog/catalog.mjs).
    const first = await call(`${API}/albums/city-lights-calling/tracks`, { cookie: admin.cookie, json: { title: "City Lights Calling (Extended Club Mix)" } });
    expect(first.status).toBe(201);
    expect((await first.json<AdminTrackResponse>()).track.id).toBe("city-lights-calling-city-lights-calling-extended-club-mix");
    const second = await call(`${API}/albums/city-lights-calling/tracks`, { cookie: admin.cookie, json: { title: "City Lights Calling (Extended Club Mix)" } });
    expect(second.status).toBe(201);
    expect((await second.json<AdminTrackResponse>()).track.id).toBe("city-lights-calling-city-lights-calling-extended-club-mix-2");
  });

  for (const [name, kind] of Object.entries(KINDS)) {
    const lengths = [...kind.lengths].sort((a, b) => a - b);
    it(`${name}: titles of ${lengths.join(", ")} characters are created, the same title twice with distinct ids`, async () => {
      const made: string[] = [];
      for (const length of lengths) {
        for (const shape of ["words", "one-word"] as const) {
          const title = titleOf(length, shape);
          expect(title.length).toBe(length);
          const a = await create(kind, title);
          const b = await create(kind, title);
          expect(b).not.toBe(a);
          made.push(a, b);
        }
      }
      expect(new Set(made).size).toBe(made.length);
      const { results } = await D1.prepare(`SELECT id FROM ${kind.table} WHERE id IN (SELECT value FROM json_each(?1))`)
        .bind(JSON.stringify(made))
        .all<{ id: string }>();
      expect(results).toHaveLength(made.length);
    }, 120_000);
  }

  it("counts only base and base-<suffix> as taken, not ids that merely start with the base", async () => {
    // 'neon-nights' taken by a neighbour ('neon-nights2', 'neon-nights.') must not push the new id to -2.
    await D1.prepare(
      "INSERT INTO albums (id, title, year, type, position) VALUES ('neon-nightsx', 'N', 1990, 'Album', 6000), ('neon-night', 'N', 1990, 'Album', 6001)",
    ).run();
    expect(await create(KINDS.album!, "Neon Nights")).toBe("neon-nights");
    expect(await create(KINDS.album!, "Neon Nights")).toBe("neon-nights-2");
    expect(await create(KINDS.album!, "Neon Nights")).toBe("neon-nights-3");
  });
});
