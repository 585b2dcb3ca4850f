// Profiles: anyone signed in may read one; only the owner edits, and only through /me, so no
// write route ever takes another user's id.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { validate } from "../lib/validate";
import { conflict, notFound, unauthorized } from "../lib/errors";
import { AUTH_MESSAGES } from "#contracts/auth.ts";
import {
  MENTION_SUGGESTIONS_MAX,
  mentionQuerySchema,
  PROFILE_MESSAGES,
  profileIdParamSchema,
  updateProfileSchema,
  usernameParamSchema,
  type MentionSuggestionsResponse,
  type ProfilePostsResponse,
  type ProfileResponse,
} from "#contracts/profiles.ts";
import {
  findUserIdByUsername,
  getProfileView,
  isUsernameTakenByOther,
  listMentionSuggestions,
  listUserPosts,
  updateOwnProfile,
  isProfileVisible,
} from "../db/profiles";
import { isUniqueViolation } from "../db/d1";

const usernameTaken = () => conflict(AUTH_MESSAGES.usernameTaken, "username_taken");

export const profileRoutes = new Hono<HonoEnv>()
  .use("*", requireUser)
  .patch("/me", validate("json", updateProfileSchema), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    const patch = c.req.valid("json");
    if (patch.username !== undefined && (await isUsernameTakenByOther(c.var.db, patch.username, user.id))) throw usernameTaken();
    try {
      await updateOwnProfile(c.var.db, user.id, patch);
    } catch (err) {
      // The unique index on lower(username) catches a rename that raced past the pre-check.
      if (isUniqueViolation(err, "users_username_unique")) throw usernameTaken();
      throw err;
    }
    const profile = await getProfileView(c.var.db, user.id, user);
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    return c.json<ProfileResponse>({ profile });
  })
  // The @username autocomplete of the composer and comment box. Usernames are shown on every post to
  // every member already, so this reveals nothing new and has no rate limit of its own (a counter
  // would cost a D1 write per keystroke); requireUser keeps visitors out.
  .get("/mentions", validate("query", mentionQuerySchema), async (c) => {
    const members = await listMentionSuggestions(c.var.db, c.req.valid("query").q, MENTION_SUGGESTIONS_MAX);
    return c.json<MentionSuggestionsResponse>({ members });
  })
  // An @username link in a post or comment: the profile it names (banned members hidden as by id).
  .get("/by-username/:username", validate("param", usernameParamSchema), async (c) => {
    const id = await findUserIdByUsername(c.var.db, c.req.valid("param").username);
    const profile = id ? await getProfileView(c.var.db, id, c.var.user) : null;
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    return c.json<ProfileResponse>({ profile });
  })
  .get("/:id", validate("param", profileIdParamSchema), async (c) => {
    const profile = await getProfileView(c.var.db, c.req.valid("param").id, c.var.user);
    if (!profile) throw notFound(PROFILE_MESSAGES.notFound);
    return c.json<ProfileResponse>({ profile });
  })
  .get("/:id/posts", validate("param", profileIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const viewer = c.var.user;
    if (!viewer) throw unauthorized();
    if (!(await isProfileVisible(c.var.db, id, viewer))) throw notFound(PROFILE_MESSAGES.notFound);
    return c.json<ProfilePostsResponse>({ posts: await listUserPosts(c.var.db, id, viewer) });
  });
