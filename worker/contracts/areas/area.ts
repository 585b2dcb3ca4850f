// What an area tells the shared machinery about itself, next to its own code ("Adding an area" in
// docs/design.md). Plain data and English notes, no zod: the Worker's routes and analytics, the
// audit log and the app's service worker all read it.
import type { SsrRouteId } from "../ssr";

/**
 * Extra <head> content a server-rendered page can carry; worker/services/page-head.ts renders each
 * kind (the oEmbed discovery link, an album's or a track's music tags and schema.org markup, the
 * upcoming events' schema.org markup, a store product's schema.org Product and Offers).
 */
export type HeadExtra = "oembed-discovery" | "album-markup" | "track-markup" | "upcoming-events" | "product-markup";

/** An audit detail kind's English note (older rows and the CSV export read it), from its parameters. */
export type AuditNote = (detail: never) => string;

export type Area = {
  /**
   * Its pages whose views analytics counts (worker/lib/analytics/classify.ts): the app/routes
   * paths, each id as a parameter the classifier knows (`:album`, `:track`, `:party`, ...).
   */
  readonly pages: readonly string[];
  /** Pages opened from a mail with a personal token or signed link: the bare shell, `noindex`. */
  readonly personalPages?: readonly string[];
  /**
   * Server-rendered pages whose content is whatever the address asks for (the site's own search
   * results): served `noindex` and left out of the sitemap, so crawlers index the things found,
   * not endless lists of them.
   */
  readonly unlistedPages?: readonly string[];
  /** R2 folders of pictures that /media serves to everyone and the service worker keeps. */
  readonly publicImageFolders?: readonly string[];
  /** Extra <head> content of server-rendered pages, by route id. */
  readonly pageHead?: { readonly [route in SsrRouteId]?: readonly HeadExtra[] };
  /** Detail kinds of the audit rows its back office writes, each with its English note. */
  readonly auditNotes?: { readonly [kind: string]: AuditNote };
};
