// Rate limits: [max events, window seconds]. Per account and per IP (see clientIp for which IP).
/**
 * Exact, durable limits: fixed windows counted in D1 (worker/services/rate-limit.ts). What is
 * left here guards mail, money, the door and the account itself; the hot per-IP and per-member
 * limits are EDGE_RATE_LIMITS below.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins only: the right password is never refused by this one. */
  loginFailuresPerAccount: [10, 15 * 60],
  resetPerAccount: [5, 60 * 60],
  reportsPerUser: [10, 60 * 60],
  postImagesPerUser: [20, 60 * 60],
  contactPerIp: [5, 60 * 60],
  /** Passes checked at the door, per staff member: a busy door scans one every few seconds. */
  checkInsPerStaff: [120, 60],
  /**
   * Typed pass codes that were wrong (unknown or expired), per staff member. Past it the staff
   * member's typed codes are refused, right or wrong, until the window ends: the bound on guessing
   * a six-digit code (decision 027).
   */
  checkInCodeFailuresPerStaff: [10, 10 * 60],
  /**
   * Wrong current passwords where one is asked again (password, e-mail, deletion, data export),
   * per member (decision 039): past it, every answer is 429 until the window ends, right or wrong,
   * so a borrowed session cannot guess at leisure.
   */
  passwordChangeFailuresPerMember: [10, 15 * 60],
  /** The same, per client address: one address guessing through several members' sessions. */
  passwordRecheckFailuresPerIp: [20, 15 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Largest width or height an uploaded image may claim: beyond it decoding one costs too much memory. */
export const IMAGE_MAX_SIDE_PX = 8000;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest JSON body any route accepts. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/**
 * The hot limits, counted by Cloudflare's Workers Rate Limiting binding (decision 046), never in
 * D1: one binding each in wrangler.toml, whose `simple = { limit, period }` must say the same
 * (tests/worker/rate-limit-binding.test.ts compares them). The binding counts per data center in
 * windows of 10 or 60 seconds only, so each is a per-minute budget.
 */
export const EDGE_RATE_LIMITS = {
  loginPerIp: { binding: "LIMIT_LOGIN_IP", max: 20, periodSeconds: 60 },
  signupPerIp: { binding: "LIMIT_SIGNUP_IP", max: 10, periodSeconds: 60 },
  resetPerIp: { binding: "LIMIT_RESET_IP", max: 10, periodSeconds: 60 },
  postsPerUser: { binding: "LIMIT_POSTS_USER", max: 5, periodSeconds: 60 },
  commentsPerUser: { binding: "LIMIT_COMMENTS_USER", max: 10, periodSeconds: 60 },
  likesPerUser: { binding: "LIMIT_LIKES_USER", max: 30, periodSeconds: 60 },
  /** Counted preview plays come from anyone: a listener clicking through a whole album stays far below. */
  previewPlaysPerIp: { binding: "LIMIT_PREVIEW_PLAYS_IP", max: 30, periodSeconds: 60 },
  /** Store quotes come from anyone: the cart page asks again on each change of a line or the country. */
  storeQuotesPerIp: { binding: "LIMIT_STORE_QUOTES_IP", max: 60, periodSeconds: 60 },
  /**
   * Requests for bought downloads (worker/routes/store/downloads.ts), Range continuations included:
   * a download manager fetching a release in a few parts stays far below, a shared link does not.
   */
  downloadsPerIp: { binding: "LIMIT_DOWNLOADS_IP", max: 60, periodSeconds: 60 },
  /**
   * Addresses given without a sign-in to hear from us (the news box in the footer and on the landing
   * page, "Notify me"): each sends a confirmation mail, so a script is stopped before D1 is written.
   */
  newsSignupsPerIp: { binding: "LIMIT_NEWS_SIGNUPS_IP", max: 10, periodSeconds: 60 },
  /**
   * Searches (GET /api/search) from anyone: each is several full-text reads of D1. The header's
   * field asks once a pause in the typing, and "More" a page at a time: a person stays far below.
   */
  searchesPerIp: { binding: "LIMIT_SEARCH_IP", max: 60, periodSeconds: 60 },
} as const;

export type EdgeRateLimit = keyof typeof EDGE_RATE_LIMITS;
