// The member's notification centre (decision 044): the list and the bell's count, marking read,
// the preferences, and this browser's push subscription. Every read and write is the caller's own
// rows: another member's notification id is a 404 like an unknown one.
import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { requireUser } from "../middleware/guards";
import { badRequest, fieldError, routeError, unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import {
  countUnread,
  decodeNotificationCursor,
  listNotifications,
  markAllRead,
  markRead,
  readPreferences,
  removePushSubscription,
  savePreferences,
  savePushSubscription,
} from "../db/notifications";
import { notificationPreferencesInput, notificationsQuery, pushSubscriptionInput, pushUnsubscribeInput } from "#contracts/notifications-input.ts";
import type { NotificationPreferences, NotificationsPage, UnreadCount } from "#contracts/notifications.ts";
import { pushEndpointAllowed } from "#contracts/push.ts";
import { pushSender } from "../services/push";

const NOTIFICATION_ID = /^[0-9a-f]{32}$/;

export const notificationRoutes = new Hono<HonoEnv>();

notificationRoutes.use(requireUser);

const me = (c: { var: HonoEnv["Variables"] }) => {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user.id;
};

notificationRoutes
  .get("/", validate("query", notificationsQuery), async (c) => {
    const userId = me(c);
    const { cursor } = c.req.valid("query");
    const at = cursor === undefined ? null : decodeNotificationCursor(cursor);
    if (cursor !== undefined && at === null) throw badRequest("Invalid cursor", "invalid_input");
    const [page, unread] = await Promise.all([listNotifications(c.var.db, userId, at), countUnread(c.var.db, userId)]);
    return c.json<NotificationsPage>({ ...page, unread });
  })

  .get("/unread", async (c) => c.json<UnreadCount>({ unread: await countUnread(c.var.db, me(c)) }))

  .post("/read-all", async (c) => {
    await markAllRead(c.var.db, me(c));
    return c.body(null, 204);
  })

  .post("/:id/read", async (c) => {
    const id = c.req.param("id");
    if (!NOTIFICATION_ID.test(id) || !(await markRead(c.var.db, me(c), id))) throw routeError("notification_not_found");
    return c.body(null, 204);
  })

  .get("/preferences", async (c) => {
    const prefs = await readPreferences(c.var.db, me(c));
    return c.json<NotificationPreferences>({ ...prefs, pushPublicKey: pushSender(c.env).publicKey });
  })

  .put("/preferences", validate("json", notificationPreferencesInput), async (c) => {
    const userId = me(c);
    await savePreferences(c.var.db, userId, c.req.valid("json"));
    const prefs = await readPreferences(c.var.db, userId);
    return c.json<NotificationPreferences>({ ...prefs, pushPublicKey: pushSender(c.env).publicKey });
  })

  .post("/push", validate("json", pushSubscriptionInput), async (c) => {
    const { endpoint, keys } = c.req.valid("json");
    // The contract let a loopback endpoint through by shape; only a local Worker may send there.
    if (!pushEndpointAllowed(endpoint, { allowLoopback: c.env.APP_ENV === "local" })) throw fieldError("endpoint", "invalid_input");
    await savePushSubscription(c.var.db, me(c), { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return c.body(null, 204);
  })

  .delete("/push", validate("json", pushUnsubscribeInput), async (c) => {
    // Idempotent: a browser that was never subscribed here (or already removed) is fine.
    await removePushSubscription(c.var.db, me(c), c.req.valid("json").endpoint);
    return c.body(null, 204);
  });
