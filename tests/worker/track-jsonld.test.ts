// A track page's schema.org MusicRecording with its credits (decision 117): the ISRC as isrcCode,
// featured artists beside the artist in byArtist, producers, the recording day as dateCreated,
// and the song it records (recordingOf, a MusicComposition) with its composers and lyricists (a
// writer wrote both); a track without credits keeps the plain recording. Written through the back
// office's route, read from the rendered page's head.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";
import { page } from "./pages-fixtures";

const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const recordingOf = async (path: string) => {
  const res = await page(path);
  expect(res.status).toBe(200);
  const all = [...(await res.text()).matchAll(LD_SCRIPT)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return all.filter((d) => d["@type"] === "MusicRecording");
};

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser("admin");
});

const putCredits = async (trackId: string, json: unknown) =>
  expect((await call(`/api/admin/catalog/tracks/${trackId}/credits`, { method: "PUT", json, cookie: admin.cookie })).status).toBe(200);

describe("a track page's MusicRecording", () => {
  it("carries the ISRC, the featured artist, the producer, the recording day and the composition with its writers", async () => {
    await putCredits("radio-heartline-1", {
      credits: [
        { role: "performer", name: "Cia Rivera", detail: "vocals" },
        { role: "featured", name: "MC Lua", detail: null },
        { role: "writer", name: "Ana Souza", detail: null },
        { role: "composer", name: "Bruno Reis", detail: null },
        { role: "lyricist", name: "Carla Dias", detail: null },
        { role: "producer", name: "DJ Marcos", detail: null },
        { role: "mastering", name: "Studio Azul", detail: null },
      ],
      isrc: "BR-ABC-24-00001",
      label: "Freestyle Lovers Records",
      recordedOn: "2024-05-31",
    });
    const [recording, ...others] = await recordingOf("/music/track/radio-heartline-1");
    expect(others).toEqual([]);
    const artist = (recording!.inAlbum as { byArtist: unknown }).byArtist;
    expect(recording).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicRecording",
      name: "Radio Heartline",
      url: "https://fans.test/music/track/radio-heartline-1",
      byArtist: [artist, { "@type": "Person", name: "MC Lua" }],
      inAlbum: { "@type": "MusicAlbum", name: "Radio Heartline", url: "https://fans.test/music/catalog/radio-heartline", byArtist: artist },
      duration: "PT1M20S",
      image: "https://fans.test/media/covers/radio-heartline.png",
      isrcCode: "BRABC2400001",
      producer: { "@type": "Person", name: "DJ Marcos" },
      dateCreated: "2024-05-31",
      recordingOf: {
        "@type": "MusicComposition",
        name: "Radio Heartline",
        composer: [
          { "@type": "Person", name: "Ana Souza" },
          { "@type": "Person", name: "Bruno Reis" },
        ],
        lyricist: [
          { "@type": "Person", name: "Ana Souza" },
          { "@type": "Person", name: "Carla Dias" },
        ],
      },
    });
    expect(artist).toMatchObject({ "@type": "Person" });
  });

  it("an ISRC alone adds only isrcCode; a track without credits has none of them", async () => {
    await putCredits("radio-heartline-2", {
      credits: [{ role: "mixer", name: "Léo Dias", detail: null }],
      isrc: "BRABC2400002",
      label: null,
      recordedOn: null,
    });
    const [withIsrc] = await recordingOf("/music/track/radio-heartline-2");
    expect(withIsrc!.isrcCode).toBe("BRABC2400002");
    // The demo seed gives every track an ISRC; this one is a recording with neither credits nor ISRC.
    await env.DB.prepare("UPDATE tracks SET isrc = NULL WHERE id = 'radio-heartline-3'").run();
    const [plain] = await recordingOf("/music/track/radio-heartline-3");
    for (const [recording, keys] of [
      [withIsrc!, ["@context", "@type", "name", "url", "byArtist", "inAlbum", "duration", "image", "isrcCode"]],
      [plain!, ["@context", "@type", "name", "url", "byArtist", "inAlbum", "duration", "image"]],
    ] as const)
      expect(Object.keys(recording)).toEqual(keys);
    expect(plain!.byArtist).toMatchObject({ "@type": "Person" });
  });
});
