// The music area in the Worker: album and track pages announce their oEmbed answer
// (worker/routes/oembed.ts) and carry the music tags and schema.org markup naming the artist; the
// sitemap lists every album, with its cover, and every track; its hourly cron aborts the folder
// imports' uploads left unfinished for a day (decision 119) and queues again the masters whose
// other format is still to be made (decision 121).
import { oembedDiscoveryTag } from "../../lib/page-head";
import { listAlbums, listTracks } from "../../db/music/music";
import { musicPageHead } from "../artist";
import { HOURLY_CRON, type HeadRenderer, type WorkerArea } from "./area";

const oembedDiscovery: HeadRenderer = { render: (_c, { url, title }) => oembedDiscoveryTag(url, title), leftOut: "oEmbed discovery link left out" };
const markupOf = (kind: "album" | "track"): HeadRenderer => ({
  render: (c, { url, locale }) => musicPageHead(c.env, c.var.db, kind, url, locale),
  leftOut: "music page markup left out",
});

export const music = {
  pageHead: {
    "/music/catalog/$id": [oembedDiscovery, markupOf("album")],
    "/music/track/$trackId": [oembedDiscovery, markupOf("track")],
  },
  sitemap: async (c) => {
    const [albums, tracks] = await Promise.all([listAlbums(c.var.db), listTracks(c.var.db)]);
    return [
      ...albums.value.map((album) => ({ loc: `/music/catalog/${encodeURIComponent(album.id)}`, images: album.coverUrl ? [album.coverUrl] : [] })),
      ...tracks.value.map((track) => ({ loc: `/music/track/${encodeURIComponent(track.id)}` })),
    ];
  },
  cron: [
    {
      cron: HOURLY_CRON,
      name: "catalog imports: abort stale uploads",
      // Loaded when the job runs: the upload code has no place in every request's start-up.
      run: async ({ env, db, scheduledTime }) => (await import("../media/catalog-import")).expireStaleImports(env.MEDIA, db, scheduledTime),
    },
    {
      cron: HOURLY_CRON,
      name: "master formats: catch-up",
      run: async ({ env }) => {
        const queued = await (await import("../media/master-formats")).queuePendingMasters(env);
        if (queued > 0) console.log(`master formats: queued ${queued} masters still waiting for their other format`);
      },
    },
  ],
} satisfies WorkerArea;
