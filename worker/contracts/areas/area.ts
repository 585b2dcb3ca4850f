// What an area tells the shared machinery about itself, next to its own code ("Adding an area" in
// docs/design.md). Plain data, id patterns and English notes, no zod: the Worker's routes and
// analytics, the build, the audit log and the app's service worker all read it. What only the
// Worker can do (head extras, sitemap entries, cron work) is the area's file of the same name in
// worker/services/areas/.

/** An audit detail kind's English note (older rows and the CSV export read it), from its parameters. */
export type AuditNote = (detail: never) => string;

export type Area = {
  /**
   * Its pages whose views analytics counts (worker/lib/analytics/classify.ts): the app/routes
   * paths, each id as a parameter of its `pageIdParams` (`:album`, `:track`, `:party`, ...).
   */
  readonly pages: readonly string[];
  /**
   * How each id parameter its `pages` name is told from a typo or spam (`:album`: a slug of at
   * most 100 characters); a parameter answering false is never counted (a gift card's code).
   */
  readonly pageIdParams?: { readonly [param: `:${string}`]: (segment: string) => boolean };
  /**
   * The pages the Worker renders to HTML, by the router's route id, with each one's route file
   * (the build keeps their components in the Worker and lists their chunks and styles for the
   * page's <head>, first-load.json). Each is one of its `pages`. Every other page is sent as the
   * bare shell and renders in the browser.
   */
  readonly ssrPages?: { readonly [routeId: string]: string };
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
  /**
   * Its API paths that other sites post to, each proved by what it carries instead of by its origin
   * (a vendor's signature, a signed link's token): the CSRF guard lets them through
   * (worker/middleware/csrf.ts). Vendors' notices go under /api/webhooks/, which is let through as
   * a whole; this is for paths a vendor or a mail client already knows by another address.
   */
  readonly crossSitePosts?: readonly string[];
  /**
   * Its API addresses authorised by a token in the address and nothing else: the session
   * middleware reads no session for them (no D1 trip), so their token is all that opens them.
   */
  readonly tokenOnlyPaths?: readonly RegExp[];
  /** Detail kinds of the audit rows its back office writes, each with its English note. */
  readonly auditNotes?: { readonly [kind: string]: AuditNote };
};

/**
 * An area's audit action codes, each named in every language of the site: the area's words file
 * (`<area>.words.ts`, beside its declaration, kept out of the declaration because the app's first
 * load reads that and only the Worker and the back office need these).
 */
export type AuditActionNames = { readonly [code: string]: InEveryLanguage };

/** A text in every language of the site. */
export type InEveryLanguage = { readonly en: string; readonly "pt-BR": string };

/**
 * What a notification's text needs besides its kind and actor; each field only where its kind has
 * it. Titles are in the reader's language where the content has one.
 */
export type NotificationParams = {
  /** The first words of the post or comment concerned. */
  excerpt?: string;
  /** A release's, event's, party's or TV channel's title. */
  title?: string;
  /** The same title in Portuguese, where the content has one (Portuguese readers see it instead). */
  titlePtBr?: string;
  /** Why a moderator hid the post, in the moderator's words. */
  reason?: string;
  /** Or, when the moderator wrote none, what most reporters chose (contracts/feed.ts REPORT_REASONS). */
  reasonCode?: string;
  /** ISO 8601: when the meet or party starts, the renewal is due, the grace ends, a gifted VIP ends, a gift was redeemed. */
  at?: string;
  /** vip_granted and vip_ended: the VIP is a redeemed gift's (it runs until `at`). */
  gift?: boolean;
  /** vip_granted, vip_ended (gift) and gift_redeemed: a gift of a tier above VIP, by its names (decision 116); absent for VIP. */
  tierEn?: string;
  tierPtBR?: string;
  /** tier_offer: the percent off the first period (the tier's name is `title`, the offer's end `at`). */
  percent?: number;
  /** tier_offer: a win-back offer (to a member who had a paid tier). */
  winBack?: boolean;
  /** trial_ending: what the trial's end charges, in cents of `currency` (upper-case ISO 4217); the tier's name is `title`. */
  cents?: number;
  currency?: string;
};

/**
 * What a kind's push and e-mail words are made from (worker/services/notifications/texts.ts gives
 * it). The formatting is passed in, already in the reader's language, so the words files stay
 * plain data and functions that import nothing.
 */
export type NotificationPushInput = {
  /** The actor's username (the latest liker for grouped likes); null for the site's own news. */
  readonly actor: string | null;
  /** Likes are grouped: how many liked. */
  readonly actorCount: number;
  /** Its `title` is already the reader's language's. */
  readonly params: NotificationParams;
  readonly brandName: string;
  readonly format: {
    /** “The text” in curly quotes; empty when there is none. */
    readonly quote: (text: string | undefined) => string;
    /** A day written out ("December 24, 2026"); empty when unknown. */
    readonly date: (iso: string | undefined) => string;
    /** An amount as the reader writes it ("$24.99", "US$ 24,99"); empty when unknown. */
    readonly money: (cents: number | undefined, currency: string | undefined) => string;
    /** What reporters chose (a report reason's code), by its name; empty when unknown. */
    readonly reportReason: (code: string | undefined) => string;
  };
};

/** A push notification's or notice e-mail's title and body. */
export type NotificationPushText = { title: string; body: string };

/**
 * One kind of notification an area sends (its words file's `notificationKinds`): how loudly it
 * arrives and its words, in the centre, in the settings and as a push or e-mail (decision 180).
 */
export type NotificationKindWords = {
  /** Mailed at once (and pushed with high urgency) instead of waiting for the day's digest. */
  readonly urgent: boolean;
  /** Push and e-mail on until the member turns them off; otherwise only the centre (and e-mail when urgent). */
  readonly loud: boolean;
  /** Its line in Settings › Notifications. */
  readonly label: InEveryLanguage;
  /**
   * Its sentence in the notification centre, an ICU message with any of the placeholders
   * app/components/notifications/notificationText.ts gives: {actor}, {others}, {excerpt},
   * {title}, {reason}, {hasReason}, {date}, {gift}, {percent}, {winBack}, {amount}.
   */
  readonly text: InEveryLanguage;
  /**
   * Its push notification and e-mail, in each language: code rather than an ICU message (plurals,
   * dates, money, a gift's variants), as the Worker's build carries no message parser.
   */
  readonly push: { readonly [Language in keyof InEveryLanguage]: (input: NotificationPushInput) => NotificationPushText };
};

/** An area's notification kinds, by kind. */
export type NotificationKinds = { readonly [kind: string]: NotificationKindWords };

/** The statuses the API answers a failure with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 411 | 413 | 415 | 429 | 500 | 501 | 502 | 503;

/**
 * A refusal a route answers: its status (both, for a code answered with two; the route then names
 * the one it means) and its English text, what other clients read. The people's words are the
 * SPA's, keyed by the code in the feature that shows it (decision 181).
 */
export type RouteRule = { readonly status: ErrorStatus | readonly [ErrorStatus, ErrorStatus]; readonly en: string };

/** An area's route codes (its words file's `routeCodes`), by code. */
export type RouteCodeWords = { readonly [code: string]: RouteRule };

/** The values an error's text names (a limit), for its translation. */
export type ErrorParams = Record<string, string | number>;

/** A rule a person can break in a form: its English text and the values that text names. */
export type ValidationRule = { readonly message: string; readonly params?: Readonly<ErrorParams> };

/** An area's form rules (its words file's `validationCodes`), by code. */
export type ValidationCodeWords = { readonly [code: string]: ValidationRule };
