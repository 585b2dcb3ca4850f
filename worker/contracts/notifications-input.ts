// The notification API's inputs (zod), shared by the Worker's validation and the SPA's forms.
import { z } from "zod";
import { NOTIFICATION_KINDS } from "./notification-kinds";
import { NOTIFY_TARGET_TYPES } from "./notifications";
import { pushEndpointAllowed } from "./push";

const kindPreferenceSchema = z.object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });

/** PUT /api/notifications/preferences: the whole set (kinds left out keep their setting). */
export const notificationPreferencesInput = z.object({
  paused: z.boolean(),
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), kindPreferenceSchema),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

/** A page's cursor: the opaque string the previous page gave. */
export const notificationsQuery = z.object({ cursor: z.string().max(100).optional() });

/**
 * POST /api/notifications/push: the browser's PushSubscription.toJSON(). The endpoint must be a
 * browser push service; a loopback one passes the shape here and is refused by the route unless
 * the Worker runs locally (pushEndpointAllowed).
 */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .max(2000)
    .refine((u) => pushEndpointAllowed(u, { allowLoopback: true }), "invalid_input"),
  keys: z.object({
    p256dh: z
      .string()
      .min(80)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z
      .string()
      .min(16)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});

/** DELETE /api/notifications/push: forget one browser's subscription. */
export const pushUnsubscribeInput = z.object({ endpoint: z.string().min(1).max(2000) });

/** The back office's "Notify fans" target (query of the preview, body of the action). */
export const notifyTargetInput = z.object({ type: z.enum(NOTIFY_TARGET_TYPES), id: z.string().min(1).max(100) });
export type NotifyTargetInput = z.infer<typeof notifyTargetInput>;
