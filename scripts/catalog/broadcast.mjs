// The built-in radio stations and TV channels (docs/features.md#radio-and-tv: three stations, five channels, their fields; data in D1).
// Demo data, like the music catalog: scripts/catalog/demo-catalog-seed.mjs turns it into the local
// seed's SQL (decision 077), and scripts/catalog/generate-demo-media.mjs renders the local demo
// station images, channel thumbnails and videos for it.
//
// - A station's source is the catalog (a deterministic rotation of the tracks of `albumIds`, or of
//   the whole catalog when null) or a remote stream URL played through the audio proxy.
// - A channel is a video in R2 (`videoKey`), or live: an embed URL configured in production, and
//   locally a looping demo video that every viewer sees at the same position.
// - R2 keys: station images `stations/<id>.png`, thumbnails `tv/thumbs/<id>.png`, videos
//   `tv/videos/<id>.mp4`.
// All names are original; the artist is never named.
import { CATALOG } from "./catalog.mjs";

/** The station features the info panel lists (translated by the SPA). */
export const STATION_FEATURES = ["commercial_free", "high_quality", "vip_access", "curated"];

const albumIdsWhere = (test) => CATALOG.filter((a) => a.tracks.length > 0 && test(a)).map((a) => a.id);

/**
 * @typedef {object} RadioStation
 * @property {string} id
 * @property {string} name
 * @property {string} namePtBr            the name in Portuguese
 * @property {{ en: string, "pt-BR": string }} description
 * @property {string} imageKey
 * @property {string[]} features
 * @property {"catalog" | "stream"} sourceType
 * @property {string | null} streamUrl
 * @property {string[] | null} albumIds  catalog stations: the albums in rotation (null = all)
 * @property {number} seed               catalog stations: the rotation's shuffle seed
 * @property {number} position
 * @property {{ hue: number, accent: number }} look  demo image colours
 */

/** @type {RadioStation[]} */
export const RADIO_STATIONS = [
  {
    id: "freestyle-lovers",
    name: "Freestyle Lovers Radio",
    namePtBr: "Rádio Freestyle Lovers",
    description: {
      en: "The whole catalogue on shuffle, day and night: the hits, the deep cuts and the remixes, straight from the dance floor.",
      "pt-BR": "O catálogo inteiro em modo aleatório, dia e noite: os sucessos, as raridades e os remixes, direto da pista de dança.",
    },
    imageKey: "stations/freestyle-lovers.png",
    features: STATION_FEATURES,
    sourceType: "catalog",
    streamUrl: null,
    albumIds: null,
    seed: 1988,
    position: 0,
    look: { hue: 320, accent: 190 },
  },
  {
    id: "nyc-rhythm",
    name: "NYC Rhythm Radio",
    namePtBr: "Rádio Ritmo de Nova York",
    description: {
      en: "Club nights in New York, 1986 to 1995: electro drums, synth stabs and the freestyle records that started it all.",
      "pt-BR": "Noites de clube em Nova York, de 1986 a 1995: baterias eletrônicas, sintetizadores e os discos de freestyle que começaram tudo.",
    },
    imageKey: "stations/nyc-rhythm.png",
    features: STATION_FEATURES,
    sourceType: "catalog",
    streamUrl: null,
    albumIds: albumIdsWhere((a) => a.year <= 1995),
    seed: 1986,
    position: 1,
    look: { hue: 210, accent: 45 },
  },
  {
    id: "spring-love",
    name: "Spring Love Radio",
    namePtBr: "Rádio Spring Love",
    description: {
      en: "Love songs and slow dances from 1996 on: the ballads, the acoustic sessions and the newer releases.",
      "pt-BR": "Canções de amor e músicas lentas de 1996 em diante: as baladas, as sessões acústicas e os lançamentos mais recentes.",
    },
    imageKey: "stations/spring-love.png",
    features: STATION_FEATURES,
    sourceType: "catalog",
    streamUrl: null,
    albumIds: albumIdsWhere((a) => a.year >= 1996),
    seed: 2001,
    position: 2,
    look: { hue: 140, accent: 330 },
  },
];

/**
 * @typedef {object} TvChannel
 * @property {string} id
 * @property {string} name
 * @property {string} namePtBr            the name in Portuguese
 * @property {{ en: string, "pt-BR": string }} description
 * @property {"music_video" | "live" | "behind_the_scenes"} category
 * @property {"video" | "live"} type      live: wall-clock synced (local) or an embed (production)
 * @property {string} thumbnailKey
 * @property {string} videoKey
 * @property {string | null} embedUrl     production live channels: the player page to embed
 * @property {number} durationSeconds     length of the (demo) video, for live sync
 * @property {string | null} audioTrackId music videos: the catalog track whose demo audio they carry
 * @property {number} position
 * @property {{ hue: number, accent: number }} look  demo video and thumbnail colours
 */

/** @type {TvChannel[]} */
export const TV_CHANNELS = [
  {
    id: "spring-love-video",
    name: "Spring Love (Official Music Video)",
    namePtBr: "Spring Love (Clipe Oficial)",
    description: {
      en: "The 1988 breakthrough, shot on a rooftop at sunrise.",
      "pt-BR": "O sucesso de 1988, gravado num terraço ao nascer do sol.",
    },
    category: "music_video",
    type: "video",
    thumbnailKey: "tv/thumbs/spring-love-video.png",
    videoKey: "tv/videos/spring-love-video.mp4",
    embedUrl: null,
    durationSeconds: 30,
    audioTrackId: "spring-love",
    position: 0,
    look: { hue: 140, accent: 330 },
  },
  {
    id: "waiting-for-your-love-video",
    name: "Waiting for Your Love (Official Music Video)",
    namePtBr: "Waiting for Your Love (Clipe Oficial)",
    description: {
      en: "Neon streets, a payphone and a dance crew: the classic video, remastered.",
      "pt-BR": "Ruas de neon, um orelhão e uma equipe de dança: o clipe clássico, remasterizado.",
    },
    category: "music_video",
    type: "video",
    thumbnailKey: "tv/thumbs/waiting-for-your-love-video.png",
    videoKey: "tv/videos/waiting-for-your-love-video.mp4",
    embedUrl: null,
    durationSeconds: 30,
    audioTrackId: "waiting-for-your-love",
    position: 1,
    look: { hue: 280, accent: 190 },
  },
  {
    id: "i-wanna-be-the-one-video",
    name: "I Wanna Be the One (Official Music Video)",
    namePtBr: "I Wanna Be the One (Clipe Oficial)",
    description: {
      en: "The 1989 single on a neon-lit stage, with the original choreography.",
      "pt-BR": "O single de 1989 num palco iluminado a neon, com a coreografia original.",
    },
    category: "music_video",
    type: "video",
    thumbnailKey: "tv/thumbs/i-wanna-be-the-one-video.png",
    videoKey: "tv/videos/i-wanna-be-the-one-video.mp4",
    embedUrl: null,
    durationSeconds: 30,
    audioTrackId: "i-wanna-be-the-one",
    position: 2,
    look: { hue: 20, accent: 200 },
  },
  {
    id: "live",
    name: "Freestyle Lovers Live",
    namePtBr: "Freestyle Lovers Ao Vivo",
    description: {
      en: "Live from the studio and the stage: rehearsals, sound checks and shows as they happen.",
      "pt-BR": "Ao vivo do estúdio e do palco: ensaios, passagens de som e shows em tempo real.",
    },
    category: "live",
    type: "live",
    thumbnailKey: "tv/thumbs/live.png",
    videoKey: "tv/videos/live.mp4",
    embedUrl: null,
    durationSeconds: 40,
    audioTrackId: null,
    position: 3,
    look: { hue: 0, accent: 50 },
  },
  {
    id: "behind-the-scenes",
    name: "Behind the Scenes",
    namePtBr: "Bastidores",
    description: {
      en: "On the road and in the studio: how the records, the videos and the shows are made.",
      "pt-BR": "Na estrada e no estúdio: como os discos, os clipes e os shows são feitos.",
    },
    category: "behind_the_scenes",
    type: "video",
    thumbnailKey: "tv/thumbs/behind-the-scenes.png",
    videoKey: "tv/videos/behind-the-scenes.mp4",
    embedUrl: null,
    durationSeconds: 30,
    audioTrackId: null,
    position: 4,
    look: { hue: 45, accent: 250 },
  },
];
