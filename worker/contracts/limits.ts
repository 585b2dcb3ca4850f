// Rate limits: [max events, window seconds]. Per account and per IP (see clientIp for which IP).
export const RATE_LIMITS = {
  /** Failed sign-ins only: the right password is never refused by this one. */
  loginFailuresPerAccount: [10, 15 * 60],
  loginPerIp: [30, 15 * 60],
  signupPerIp: [10, 60 * 60],
  resetPerAccount: [5, 60 * 60],
  resetPerIp: [20, 60 * 60],
  postsPerUser: [10, 10 * 60],
  commentsPerUser: [30, 10 * 60],
  likesPerUser: [120, 10 * 60],
  reportsPerUser: [10, 60 * 60],
  postImagesPerUser: [20, 60 * 60],
  contactPerIp: [5, 60 * 60],
  /** Counted preview plays come from anyone: a listener clicking through a whole album stays far below. */
  previewPlaysPerIp: [120, 10 * 60],
  /** Passes checked at the door, per staff member: a busy door scans one every few seconds. */
  checkInsPerStaff: [120, 60],
  /**
   * Typed pass codes that were wrong (unknown or expired), per staff member. Past it the staff
   * member's typed codes are refused, right or wrong, until the window ends: the bound on guessing
   * a six-digit code (decision 027).
   */
  checkInCodeFailuresPerStaff: [10, 10 * 60],
  /** Wrong current passwords at the password change, per member (decision 039): a borrowed session cannot guess at leisure. */
  passwordChangeFailuresPerMember: [10, 15 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Largest width or height an uploaded image may claim: beyond it decoding one costs too much memory. */
export const IMAGE_MAX_SIDE_PX = 8000;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest JSON body any route accepts. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
