// Every area's declaration, and the lists the shared machinery reads from them: the pages
// analytics counts and their id parameters, the pages the Worker renders, the public picture
// folders, the personal and unlisted pages, the paths other sites post to, the token-only
// addresses and the audit detail kinds. A new area adds its file
// here; tests/node/areas.test.ts fails when a file of this folder is missing from AREAS. The build's
// config (vite.config.ts) loads this folder as Node would, so its imports carry their .ts extension.
import type { Area } from "./area";
import { auth } from "./auth.ts";
import { chat } from "./chat.ts";
import { contests } from "./contests.ts";
import { checkIn } from "./check-in.ts";
import { events } from "./events.ts";
import { feed } from "./feed.ts";
import { landing } from "./landing.ts";
import { legal } from "./legal.ts";
import { live } from "./live.ts";
import { members } from "./members.ts";
import { music } from "./music.ts";
import { myTickets } from "./my-tickets.ts";
import { newsletter } from "./newsletter.ts";
import { notifications } from "./notifications.ts";
import { parties } from "./parties.ts";
import { payments } from "./payments.ts";
import { perks } from "./perks.ts";
import { profiles } from "./profiles.ts";
import { radio } from "./radio.ts";
import { rooms } from "./rooms.ts";
import { search } from "./search.ts";
import { settings } from "./settings.ts";
import { store } from "./store.ts";
import { tv } from "./tv.ts";
import { waitlist } from "./waitlist.ts";

export const AREAS = {
  auth,
  chat,
  checkIn,
  contests,
  events,
  feed,
  landing,
  legal,
  live,
  members,
  music,
  myTickets,
  newsletter,
  notifications,
  parties,
  payments,
  perks,
  profiles,
  radio,
  rooms,
  search,
  settings,
  store,
  tv,
  waitlist,
} as const;

/** One area's declaration as written, with its literal folders and audit kinds. */
export type DeclaredArea = (typeof AREAS)[keyof typeof AREAS];
const areas: readonly Area[] = Object.values(AREAS);

/** Every page whose views analytics counts, in the form of `Area.pages`. */
export const COUNTED_PAGES: readonly string[] = areas.flatMap((area) => area.pages);

/** The ids a counted page may name, by the parameter its declaration writes (worker/lib/analytics/classify.ts). */
export const PAGE_ID_PARAMS: Readonly<Record<string, (segment: string) => boolean>> = Object.assign({}, ...areas.map((area) => area.pageIdParams ?? {}));

type SsrPagesOf<A> = A extends { ssrPages: infer P } ? keyof P & string : never;
/** A page the Worker renders to HTML, by the router's route id. */
export type SsrRouteId = SsrPagesOf<DeclaredArea>;
/**
 * The pages the Worker renders to HTML, by the router's route id, with each one's route file: the
 * Worker's build (vite.config.ts, scripts/lib/server-route-tree.mjs), its first-load hints, its
 * sitemap and the service worker's offline copies read it. Other app pages (signed-in and
 * back-office ones) are sent as the bare shell and render in the browser.
 */
export const SSR_ROUTES = Object.assign({}, ...areas.map((area) => area.ssrPages ?? {})) as Readonly<Record<SsrRouteId, string>>;
export const isSsrRoute = (routeId: string): routeId is SsrRouteId => Object.hasOwn(SSR_ROUTES, routeId);

/** Pages opened from a mail with a personal token or signed link. */
export const PERSONAL_PAGES: readonly string[] = areas.flatMap((area) => area.personalPages ?? []);

/** Server-rendered pages kept out of the sitemap and of search engines' indexes. */
export const UNLISTED_PAGES: readonly string[] = areas.flatMap((area) => area.unlistedPages ?? []);

type FoldersOf<A> = A extends { publicImageFolders: readonly (infer F)[] } ? F : never;
export type PublicImageFolder = FoldersOf<DeclaredArea>;
/** R2 folders of pictures anyone may load at /media/<folder>/<file>. */
export const PUBLIC_IMAGE_FOLDERS = areas.flatMap((area) => area.publicImageFolders ?? []) as readonly PublicImageFolder[];

/**
 * The site's own folder under /media: the landing page's pictures and promo video, the artist's
 * portrait. Served by its own route (worker/routes/media.ts), which takes video too.
 */
export const SITE_MEDIA_FOLDER = "site";

/** Members' avatars and post pictures, served by worker/routes/uploads.ts. */
const MEMBER_UPLOADS_PATH = "/uploads/";

const PUBLIC_PICTURE_PATHS = [...PUBLIC_IMAGE_FOLDERS, SITE_MEDIA_FOLDER].map((folder) => `/media/${folder}/`).concat(MEMBER_UPLOADS_PATH);

/** Whether an address of this site is a picture anyone may load (the service worker keeps these). */
export const isPublicPicture = (pathname: string) => PUBLIC_PICTURE_PATHS.some((path) => pathname.startsWith(path));

/** API paths other sites post to, each proved by what it carries (the CSRF guard lets them through). */
export const CROSS_SITE_POSTS: ReadonlySet<string> = new Set(areas.flatMap((area) => area.crossSitePosts ?? []));

/** Whether an API address is authorised by its token alone (the session middleware reads no session for it). */
export const isTokenOnlyPath = (pathname: string) => areas.some((area) => area.tokenOnlyPaths?.some((pattern) => pattern.test(pathname)));

/** Every area's audit notes by detail kind (worker/contracts/audit-detail.ts derives its type from them). */
export const AUDIT_NOTES: Readonly<Record<string, (detail: never) => string>> = Object.assign({}, ...areas.map((area) => area.auditNotes ?? {}));
