// The rows of the notification centre, shared by the header's panel and the /notifications page:
// the actor's avatar, the sentence, how long ago, an unread dot, the whole row a link to what it
// is about. Following the link marks it read.
import { Link } from "@tanstack/react-router";
import { defineMessages, useIntl } from "react-intl";
import type { NotificationView } from "#contracts/notifications.ts";
import { useMarkNotificationRead } from "../../lib/notifications/queries";
import { Avatar } from "../Avatar";
import { RelativeTime } from "../RelativeTime";
import { notificationText } from "./notificationText";
import "./notifications.css";

export const notificationListMessages = defineMessages({
  unread: { id: "notifications.unreadItem", defaultMessage: "Unread" },
});

type Props = { items: readonly NotificationView[]; label: string; onNavigate?: () => void };

export function NotificationList({ items, label, onNavigate }: Props) {
  const intl = useIntl();
  const markRead = useMarkNotificationRead();
  return (
    <ul className="notification-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={item.read ? "notification-item" : "notification-item notification-unread"}>
          {/* `link` is a path the Worker built for this site ("/social/post/…"): typed routes
              cannot know it statically. */}
          <Link
            to={item.link as "/"}
            className="notification-link"
            onClick={() => {
              if (!item.read) markRead.mutate(item.id);
              onNavigate?.();
            }}
          >
            <Avatar src={item.actor?.avatarUrl} alt="" size={36} className="notification-avatar" />
            <span className="notification-body">
              <span className="notification-text">{notificationText(intl, item)}</span>
              <RelativeTime iso={item.createdAt} className="notification-time muted" />
            </span>
            {!item.read && <span className="notification-dot" role="img" aria-label={intl.formatMessage(notificationListMessages.unread)} />}
          </Link>
        </li>
      ))}
    </ul>
  );
}
