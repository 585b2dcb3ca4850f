// Request/response shapes for profiles and avatar uploads, shared by the Worker and the SPA.
import { z } from "./zod";
import { AUTH_MESSAGES, USERNAME_MAX, USERNAME_PATTERN, usernameSchema } from "./auth";
import { AVATAR_MAX_BYTES } from "./limits";
import { USER_ID_PATTERN } from "./ids";
import { userText } from "./text";
import type { TierBadge } from "./tiers/badges";
import { LOCATION_MAX, BIO_MAX, PROFILE_MESSAGES } from "./profile-limits";
export { LOCATION_MAX, BIO_MAX, PROFILE_MESSAGES } from "./profile-limits";

export const WEBSITE_MAX = 2048;

// User ids are UUIDs; the pattern lives in a zod-free module so the SPA's entry chunk can use it.
export { USER_ID_PATTERN };

export const profileIdParamSchema = z.object({
  id: z.string().regex(USER_ID_PATTERN, PROFILE_MESSAGES.invalidId),
});

/** An optional free-text field where an empty string clears the stored value. */
const clearableText = (max: number, message: string, multiline = false) => userText({ max, maxMessage: message, multiline }).transform((v) => v || null);

const websiteSchema = userText({ max: WEBSITE_MAX, maxMessage: PROFILE_MESSAGES.invalidUrl })
  .pipe(
    z.union([z.literal(""), z.url({ protocol: z.regexes.httpProtocol, hostname: z.regexes.domain, message: PROFILE_MESSAGES.invalidUrl })], {
      message: PROFILE_MESSAGES.invalidUrl,
    }),
  )
  .transform((v) => v || null);

/** PATCH /api/profiles/me. Every field is optional; an absent field is left unchanged. */
export const updateProfileSchema = z.strictObject({
  username: usernameSchema.optional(),
  bio: clearableText(BIO_MAX, PROFILE_MESSAGES.bioTooLong, true).optional(),
  website: websiteSchema.optional(),
  location: clearableText(LOCATION_MAX, PROFILE_MESSAGES.locationTooLong).optional(),
  /** Hide "member since" / months supported from everyone else (decision 100). */
  hideMemberSince: z.boolean().optional(),
  hideMonthsSupported: z.boolean().optional(),
});

export type UpdateProfile = z.output<typeof updateProfileSchema>;

export type ProfileView = {
  id: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  isVIP: boolean;
  /** The badge of the member's tier (null: the free tier, decision 100; optional only for older client fixtures). */
  tier?: TierBadge | null;
  isAdmin: boolean;
  /** ISO 8601: "member since". Absent for others when the member hides it (decision 100). */
  createdAt?: string;
  /** Whole months the member held a paid tier (contracts/member-support.ts); absent for others when hidden. */
  monthsSupported?: number;
  /** The owner's own choices, on their own profile only. */
  privacy?: { hideMemberSince: boolean; hideMonthsSupported: boolean };
};

/** A post as the profile lists it; image sizes are known so the page reserves the space. */
export type ProfilePost = { id: string; content: string; imageUrl: string | null; imageWidth: number | null; imageHeight: number | null; createdAt: string };

export type ProfileResponse = { profile: ProfileView };
export type ProfilePostsResponse = { posts: ProfilePost[] };

// Avatars ------------------------------------------------------------------------------------

export const AVATAR_FIELD = "avatar";
export { AVATAR_MAX_BYTES };
/** `{userId}-{32 hex}.{ext}`: server-chosen, so nothing a client sends reaches an R2 key. */
export const AVATAR_FILENAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{32}\.(?:jpg|png|gif|webp)$/;
export const AVATAR_URL_PREFIX = "/uploads/avatars/";

export type AvatarUploadResponse = { avatarUrl: string; filename: string };

// Mentions ------------------------------------------------------------------------------------

/** Most suggestions the @username autocomplete shows at once. */
export const MENTION_SUGGESTIONS_MAX = 8;

/**
 * GET /api/profiles/mentions?q=: the typed prefix, held to the username rules (so it answers with
 * their codes, field "q"). Not trimmed: the composer sends exactly what follows the @.
 */
export const mentionQuerySchema = z.object({
  q: z.string().min(1, AUTH_MESSAGES.usernameRequired).max(USERNAME_MAX, AUTH_MESSAGES.usernameTooLong).regex(USERNAME_PATTERN, AUTH_MESSAGES.usernamePattern),
});

export type MentionSuggestion = { username: string; avatarUrl: string | null };
export type MentionSuggestionsResponse = { members: MentionSuggestion[] };

/** GET /api/profiles/by-username/:username: the profile an @username link names (a ProfileResponse). */
export const usernameParamSchema = z.object({ username: usernameSchema });
