// /notifications: the member's whole notification centre, newest first, a page at a time ("Load
// more"). The rows and the requests are the header bell's (app/components/notifications,
// app/lib/notifications), so both show the same state.
import { useInfiniteQuery, useQuery, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { QueryFailed, QueryState } from "../../components/QueryState";
import { bellMessages } from "../../components/notifications/NotificationBell";
import { NotificationList } from "../../components/notifications/NotificationList";
import { notificationsQueryOptions, unreadCountQueryOptions, useMarkAllNotificationsRead } from "../../lib/notifications/queries";
import { createFeatureMessages } from "../../i18n/FeatureMessages";
import type { NotificationView } from "#contracts/notifications.ts";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

const NotificationsMessages = createFeatureMessages({ en, "pt-BR": ptBR });

const m = defineMessages({
  list: { id: "notificationsPage.list", defaultMessage: "All notifications" },
  loadMore: { id: "notificationsPage.loadMore", defaultMessage: "Load more" },
  loadingMore: { id: "notificationsPage.loadingMore", defaultMessage: "Loading..." },
  loadMoreFailed: { id: "notificationsPage.loadMoreFailed", defaultMessage: "Could not load more. Please try again." },
});

export function NotificationsPage() {
  return (
    <NotificationsMessages>
      <Notifications />
    </NotificationsMessages>
  );
}

function Notifications() {
  const list = useInfiniteQuery(notificationsQueryOptions());
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  return (
    <QueryState
      query={list}
      loading={<FormattedMessage {...bellMessages.loading} />}
      failed={<FormattedMessage {...bellMessages.failed} />}
      retry={<FormattedMessage {...bellMessages.retry} />}
    >
      {(data) => <LoadedNotifications items={data.pages.flatMap((page) => page.items)} unread={unread} list={list} />}
    </QueryState>
  );
}

/** The list's paging: whether another page is there and how fetching it went. */
type Paging = Pick<UseInfiniteQueryResult, "isFetchNextPageError" | "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;

function LoadedNotifications({ items, unread, list }: { items: readonly NotificationView[]; unread: number; list: Paging }) {
  const intl = useIntl();
  const markAll = useMarkAllNotificationsRead();
  if (items.length === 0) {
    return <EmptyState icon="bell" title={<FormattedMessage {...bellMessages.empty} />} hint={<FormattedMessage {...bellMessages.emptyHint} />} />;
  }
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  return (
    <div className="notifications-page card">
      <div className="notification-panel-head">
        <span />
        <button type="button" className="btn btn-ghost btn-sm" disabled={!anyUnread || markAll.isPending} onClick={() => markAll.mutate()}>
          <FormattedMessage {...bellMessages.markAllRead} />
        </button>
      </div>
      {markAll.isError && (
        <p className="notification-error" role="alert">
          <FormattedMessage {...bellMessages.markAllFailed} />
        </p>
      )}
      <NotificationList items={items} label={intl.formatMessage(m.list)} />
      {list.isFetchNextPageError && <QueryFailed message={<FormattedMessage {...m.loadMoreFailed} />} />}
      {list.hasNextPage && (
        <div className="notifications-more">
          <button type="button" className="btn btn-ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            <FormattedMessage {...(list.isFetchingNextPage ? m.loadingMore : m.loadMore)} />
          </button>
        </div>
      )}
    </div>
  );
}
