// The built-in music catalog: the artist's 30 albums and singles, 1986–2024 (docs/features.md#music: 30 built-in releases, five featured tracks).
// Demo data: scripts/catalog/demo-catalog-seed.mjs turns it into the local seed's SQL (never a
// migration: a deployed site starts empty, decision 077), and scripts/catalog/generate-demo-media.mjs
// renders local demo audio and covers for it.
//
// Rules (checked by the tests):
// - album ids are url slugs; positions are the order below (the catalog grid), 0..29;
// - a track's id is `<albumId>-<number>`, except the five featured tracks, which keep their own
//   ids (spring-love, waiting-for-your-love, because-i-love-you, i-wanna-be-the-one,
//   dream-about-you) and have featured positions 0..4;
// - a release with no tracks shows "Coming soon";
// - durations are those of the generated demo audio: 30..90 s from a hash of the track id, so
//   the migration and the generator always agree;
// - audio objects live at `audio/<trackId>.mp3`, covers at `covers/<albumId>.png` (R2 keys).
// All titles are original; the artist is never named.
import { durationForTrackId } from "./hash.mjs";

/**
 * @typedef {object} CatalogTrack
 * @property {string} id              `<albumId>-<number>`, or a featured track's own id
 * @property {string} albumId
 * @property {string} title
 * @property {number} number          position on its album, from 1
 * @property {number} durationSeconds length of the (demo) audio, 30..90
 * @property {string} audioKey        R2 key `audio/<id>.mp3`
 * @property {number | null} featuredPosition 0..4 for the five featured tracks, else null
 * @property {string} isrc            a demo ISRC (`demoIsrc`)
 */

/**
 * @typedef {object} CatalogAlbum
 * @property {string} id        url slug
 * @property {string} title
 * @property {number} year
 * @property {"Album" | "Single"} type
 * @property {string} coverKey  R2 key `covers/<id>.png`
 * @property {number} position  order in the catalog grid, 0..29
 * @property {CatalogTrack[]} tracks
 */

/**
 * A track entry in the raw list: a title, or a featured track with its own id.
 * @typedef {string | { id: string, title: string, featured: number }} RawTrack
 */

/** @type {{ id: string, title: string, year: number, type: "Album" | "Single", tracks: RawTrack[] }[]} */
const RELEASES = [
  {
    id: "city-lights-calling",
    title: "City Lights Calling",
    year: 1986,
    type: "Single",
    tracks: ["City Lights Calling", "City Lights Calling (Dub Version)"],
  },
  {
    id: "radio-heartline",
    title: "Radio Heartline",
    year: 1987,
    type: "Single",
    tracks: ["Radio Heartline", "Radio Heartline (Extended Mix)", "Saturday on Bergen Street"],
  },
  {
    id: "freestyle-nights",
    title: "Freestyle Nights",
    year: 1987,
    type: "Album",
    tracks: [
      "Freestyle Nights",
      "Say It on the Dance Floor",
      { id: "waiting-for-your-love", title: "Waiting for Your Love", featured: 1 },
      "Ocean Avenue Heartache",
      "Don't Let the Beat Walk Away",
      "Velvet Telephone",
      "Bodega Summer",
      "Starlight Rendezvous at Nine",
      "Tears on the Turntable",
      "Last Train to Your Heart",
    ],
  },
  {
    id: "spring-love-single",
    title: "Spring Love",
    year: 1988,
    type: "Single",
    tracks: [{ id: "spring-love", title: "Spring Love", featured: 0 }, "Spring Love (Extended Club Mix)", "Spring Love (Instrumental)"],
  },
  {
    id: "moonlight-boulevard",
    title: "Moonlight Boulevard",
    year: 1988,
    type: "Album",
    tracks: [
      "Dreamin' of Love",
      "Moonlight Boulevard",
      "Tell Me Where the Heart Goes",
      "Mirror Ball Memories",
      "Love in Stereo Tonight",
      "Cassette Heart",
      "Turnpike to Miami",
      "The Girl on the Seventh Floor",
      "Hold the Night a Little Longer",
    ],
  },
  {
    id: "i-wanna-be-the-one-single",
    title: "I Wanna Be the One",
    year: 1989,
    type: "Single",
    tracks: [{ id: "i-wanna-be-the-one", title: "I Wanna Be the One", featured: 3 }, "I Wanna Be the One (Midnight Mix)"],
  },
  {
    id: "satin-and-neon",
    title: "Satin & Neon",
    year: 1989,
    type: "Album",
    tracks: [
      "Satin & Neon",
      "Pulse of the Promenade",
      "Kiss Me in Technicolor",
      "Heartbeat Interlude",
      "Boardwalk After Dark",
      "Somebody's Calling Your Name",
      "Sweet Sixteen Steps",
      "Love Like a Drum Machine",
      "Goodnight, Ocean Drive",
    ],
  },
  {
    id: "letters-in-the-rain",
    title: "Letters in the Rain",
    year: 1990,
    type: "Album",
    tracks: [
      "Letters in the Rain",
      "Stamp It with a Kiss",
      "Postcard from Puerto Rico",
      { id: "because-i-love-you", title: "Because I Love You", featured: 2 },
      "Every Word I Never Sent",
      "Rhythm of Your Reply",
      "Forever Is a Long Way Home",
      "Sidewalk Serenade",
      "Dancing Through December",
      "Addressed to Your Heart",
    ],
  },
  {
    id: "crystal-telephone",
    title: "Crystal Telephone",
    year: 1990,
    type: "Single",
    tracks: ["Crystal Telephone", "Crystal Telephone (Radio Edit)"],
  },
  {
    id: "heartbeat-avenue",
    title: "Heartbeat Avenue",
    year: 1991,
    type: "Album",
    tracks: [
      "Heartbeat Avenue",
      "Skyline Sweetheart",
      "Shadows on the Dance Floor",
      "Neon Rosary",
      "When the Speakers Start to Cry",
      "Fire Escape Romance",
      "Bass in My Heartbeat",
      "Lovers Under the El Train",
      "Three A.M. in Spanish Harlem",
      "Keep the Light On for Me",
    ],
  },
  {
    id: "sunrise-on-collins",
    title: "Sunrise on Collins",
    year: 1992,
    type: "Single",
    tracks: ["Sunrise on Collins", "Sunrise on Collins (Sunset Dub)"],
  },
  {
    id: "rhythm-of-the-promise",
    title: "Rhythm of the Promise",
    year: 1993,
    type: "Album",
    tracks: [
      "Rhythm of the Promise",
      "Candlelight Conga",
      "You Are My Frequency",
      "Midnight in the Mezzanine",
      "Paper Hearts on Fire",
      "Slow Motion Goodbye",
      "Corazón Electric",
      "A Promise in Every Beat",
    ],
  },
  {
    id: "carousel-of-hearts",
    title: "Carousel of Hearts",
    year: 1994,
    type: "Single",
    tracks: ["Carousel of Hearts"],
  },
  {
    id: "dream-frequency",
    title: "Dream Frequency",
    year: 1995,
    type: "Album",
    tracks: [
      "Dream Frequency",
      { id: "dream-about-you", title: "Dream About You", featured: 4 },
      "Satellite Sweetheart",
      "Afterglow Avenue",
      "Touch the Static",
      "Lullaby for the Dance Floor",
      "Sleepwalking to Your Door",
      "Signal in the Night",
      "Wake Me When It's Summer",
    ],
  },
  {
    id: "slow-dance-signal",
    title: "Slow Dance Signal",
    year: 1996,
    type: "Single",
    tracks: ["Slow Dance Signal", "Slow Dance Signal (Acoustic)"],
  },
  {
    id: "latin-heat-sessions",
    title: "Latin Heat Sessions",
    year: 1997,
    type: "Album",
    tracks: [
      "Latin Heat Session One",
      "Timbales in the Moonlight",
      "Mambo on the Mainframe",
      "Salsa Sky",
      "Brooklyn to Bayamón",
      "Conga Line Confessions",
      "Ay, Mi Corazón Digital",
      "Cowbell Kisses",
      "Merengue Machine",
      "Latin Heat Session Two",
    ],
  },
  {
    id: "tropicana-skyline",
    title: "Tropicana Skyline",
    year: 1998,
    type: "Single",
    tracks: ["Tropicana Skyline", "Tropicana Skyline (Club Mix)", "Tropicana Skyline (Instrumental)"],
  },
  {
    id: "millennium-heartbeat",
    title: "Millennium Heartbeat",
    year: 1999,
    type: "Album",
    tracks: [
      "Millennium Heartbeat",
      "Countdown to Your Kiss",
      "Digital Valentine",
      "Y2Love",
      "Chrome Hearts Dancing",
      "Pager Love Song",
      "Loving You in the New Century",
      "Laser Light Lullaby",
      "Midnight, December Thirty-First",
    ],
  },
  {
    id: "dancefloor-confessions",
    title: "Dancefloor Confessions",
    year: 2001,
    type: "Album",
    tracks: [],
  },
  {
    id: "brighter-than-the-bassline",
    title: "Brighter Than the Bassline",
    year: 2003,
    type: "Single",
    tracks: ["Brighter Than the Bassline", "Brighter Than the Bassline (Remix)"],
  },
  {
    id: "unplugged-hearts",
    title: "Unplugged Hearts",
    year: 2005,
    type: "Album",
    tracks: [],
  },
  {
    id: "neon-valentine",
    title: "Neon Valentine",
    year: 2007,
    type: "Single",
    tracks: ["Neon Valentine", "Neon Valentine (After Hours Mix)"],
  },
  {
    id: "back-to-the-boulevard",
    title: "Back to the Boulevard",
    year: 2009,
    type: "Album",
    tracks: [
      "Back to the Boulevard",
      "Roller Rink Reunion",
      "Still Dancing on Bergen Street",
      "Old School Heartbeat",
      "Freestyle in My Veins",
      "Borrowed Time on the Dance Floor",
      "Boombox Summer",
      "The Night We Met Again",
      "Vinyl and Velvet",
      "Home Is Where the Beat Is",
    ],
  },
  {
    id: "orbit-of-your-love",
    title: "Orbit of Your Love",
    year: 2011,
    type: "Single",
    tracks: [],
  },
  {
    id: "retro-future-romance",
    title: "Retro Future Romance",
    year: 2013,
    type: "Album",
    tracks: [
      "Retro Future Romance",
      "Synthesizer Sweetheart",
      "Analog Heart, Digital Love",
      "Glow Stick Serenade",
      "Time Machine Tango",
      "Pixel Kisses",
      "Arcade Under the Stars",
      "Hologram Heartbreak",
      "Neon Sunset Drive",
    ],
  },
  {
    id: "cassette-summer",
    title: "Cassette Summer",
    year: 2016,
    type: "Single",
    tracks: ["Cassette Summer", "Cassette Summer (Rewind Mix)", "Side B Serenade"],
  },
  {
    id: "freestyle-forever-sessions",
    title: "Freestyle Forever Sessions",
    year: 2018,
    type: "Album",
    tracks: [],
  },
  {
    id: "living-room-disco",
    title: "Living Room Disco",
    year: 2020,
    type: "Single",
    tracks: ["Living Room Disco", "Living Room Disco (Window Sill Mix)"],
  },
  {
    id: "midnight-synthesis",
    title: "Midnight Synthesis",
    year: 2022,
    type: "Album",
    tracks: [],
  },
  {
    id: "still-dreamin",
    title: "Still Dreamin'",
    year: 2024,
    type: "Single",
    tracks: [],
  },
];

/** @type {CatalogAlbum[]} */
/**
 * A demo recording's ISRC: country "XX", a user-assigned ISO 3166 code that no registration agency
 * holds (so no real recording has it), registrant "DEM", the release's year, and the track's place
 * in the whole catalog. Unique, as the tracks' index requires.
 * @param {number} year
 * @param {number} index the track's place in the catalog, from 0
 */
const demoIsrc = (year, index) => `XXDEM${String(year % 100).padStart(2, "0")}${String(index + 1).padStart(5, "0")}`;

let catalogTrackIndex = 0;

export const CATALOG = RELEASES.map((release, position) => ({
  id: release.id,
  title: release.title,
  year: release.year,
  type: release.type,
  coverKey: `covers/${release.id}.png`,
  position,
  tracks: release.tracks.map((raw, index) => {
    const number = index + 1;
    const id = typeof raw === "string" ? `${release.id}-${number}` : raw.id;
    return {
      id,
      albumId: release.id,
      title: typeof raw === "string" ? raw : raw.title,
      number,
      durationSeconds: durationForTrackId(id),
      audioKey: `audio/${id}.mp3`,
      featuredPosition: typeof raw === "string" ? null : raw.featured,
      isrc: demoIsrc(release.year, catalogTrackIndex++),
    };
  }),
}));

/** The five featured tracks' ids, in featured order (positions 0..4). */
export const FEATURED_TRACK_IDS = ["spring-love", "waiting-for-your-love", "because-i-love-you", "i-wanna-be-the-one", "dream-about-you"];

/** The landing page's three iconic hits, in card order: 'Spring Love' (1988), "Dreamin' of Love" (1988), 'I Wanna Be the One' (1989). */
export const ICONIC_TRACK_IDS = ["spring-love", "moonlight-boulevard-1", "i-wanna-be-the-one"];

/** Every track of the catalog, album by album. */
export const allTracks = (catalog = CATALOG) => catalog.flatMap((album) => album.tracks);

/** Finds a track and its album by track id. */
export function findTrack(trackId, catalog = CATALOG) {
  for (const album of catalog) {
    const track = album.tracks.find((t) => t.id === trackId);
    if (track) return { album, track };
  }
  return undefined;
}
