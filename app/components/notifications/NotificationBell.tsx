// The header's bell for signed-in members: the unread count (kept live by the member-notices
// socket, useMemberNotices) and a panel with the newest notifications. The button discloses a
// non-modal dialog: focus moves into it on open; Escape, an outside click, tabbing out or a route
// change close it, and Escape gives focus back to the bell.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { UNREAD_COUNT_CAP } from "#contracts/notifications.ts";
import { notificationsQueryOptions, unreadBadge, unreadCountQueryOptions, useMarkAllNotificationsRead } from "../../lib/notifications/queries";
import { useSessionUser } from "../../lib/session/useSession";
import { Icon } from "../Icon";
import { QueryState } from "../QueryState";
import "./notifications.css";

// The rows and every kind's sentence arrive when the panel first opens: the bell is on every page.
const NotificationList = lazy(() => import("./NotificationList").then((module) => ({ default: module.NotificationList })));

export const bellMessages = {
  ...defineMessages({
    title: { id: "notifications.title", defaultMessage: "Notifications" },
    manyUnread: { id: "notifications.bell.manyUnread", defaultMessage: "Notifications, more than 99 unread" },
    markAllRead: { id: "notifications.markAllRead", defaultMessage: "Mark all as read" },
    markAllFailed: { id: "notifications.markAllFailed", defaultMessage: "Could not mark them as read. Please try again." },
    seeAll: { id: "notifications.seeAll", defaultMessage: "See all" },
    loading: { id: "notifications.loading", defaultMessage: "Loading notifications..." },
    failed: { id: "notifications.failed", defaultMessage: "Failed to load your notifications" },
    retry: { id: "notifications.retry", defaultMessage: "Try again" },
    empty: { id: "notifications.empty", defaultMessage: "No notifications yet" },
    emptyHint: {
      id: "notifications.emptyHint",
      defaultMessage: "Likes, comments, replies and news from the artist will show up here.",
    },
    newest: { id: "notifications.newest", defaultMessage: "Newest notifications" },
  }),
  label: defineMessage<{ count: number }>({
    id: "notifications.bell.label",
    defaultMessage: "{count, plural, =0 {Notifications} one {Notifications, # unread} other {Notifications, # unread}}",
  }),
};
const m = bellMessages;

export function NotificationBell() {
  const { user } = useSessionUser();
  return user ? <Bell /> : null;
}

function Bell() {
  const intl = useIntl();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Like the Media menu, the panel belongs to the page it was opened on.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpenOn(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  const label = unread >= UNREAD_COUNT_CAP ? intl.formatMessage(m.manyUnread) : intl.formatMessage(m.label, { count: unread });

  return (
    <div
      className="notification-bell"
      ref={wrapperRef}
      onBlur={(event) => {
        // Tabbing out of the bell and its panel closes the panel; moving inside it does not.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="notification-bell-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Icon name="bell" size={22} />
        {unread > 0 && (
          <span className="notification-badge" aria-hidden="true">
            {unreadBadge(unread)}
          </span>
        )}
      </button>
      <div id={panelId} className="notification-panel" hidden={!open}>
        {open && <Panel unread={unread} onClose={close} />}
      </div>
    </div>
  );
}

function Panel({ unread, onClose }: { unread: number; onClose: (returnFocus: boolean) => void }) {
  const intl = useIntl();
  const list = useInfiniteQuery(notificationsQueryOptions());
  const markAll = useMarkAllNotificationsRead();
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  // Into the dialog on open, so a screen reader announces it and Tab starts inside it.
  useEffect(() => dialogRef.current?.focus(), []);

  const items = list.data?.pages[0]?.items ?? [];
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  return (
    <div ref={dialogRef} role="dialog" aria-labelledby={headingId} tabIndex={-1} className="notification-dialog">
      <div className="notification-panel-head">
        <h2 id={headingId} className="notification-panel-title">
          <FormattedMessage {...m.title} />
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" disabled={!anyUnread || markAll.isPending} onClick={() => markAll.mutate()}>
          <FormattedMessage {...m.markAllRead} />
        </button>
      </div>
      {markAll.isError && (
        <p className="notification-error" role="alert">
          <FormattedMessage {...m.markAllFailed} />
        </p>
      )}
      <div className="notification-panel-body">
        <QueryState
          query={list}
          loading={<FormattedMessage {...m.loading} />}
          failed={<FormattedMessage {...m.failed} />}
          retry={<FormattedMessage {...m.retry} />}
        >
          {() =>
            items.length === 0 ? (
              <p className="notification-empty muted">
                <FormattedMessage {...m.empty} />
              </p>
            ) : (
              <Suspense fallback={<FormattedMessage {...m.loading} />}>
                <NotificationList items={items} label={intl.formatMessage(m.newest)} onNavigate={() => onClose(false)} />
              </Suspense>
            )
          }
        </QueryState>
      </div>
      <Link to="/notifications" className="notification-see-all" onClick={() => onClose(false)}>
        <FormattedMessage {...m.seeAll} />
      </Link>
    </div>
  );
}
