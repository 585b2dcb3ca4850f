// /notifications: the member's whole notification centre, newest first, a page at a time ("Load
// more"). The rows and the requests are the header bell's (app/components/notifications,
// app/lib/notifications), so both show the same state.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../components/EmptyState";
import { Loading } from "../../components/Loading";
import { bellMessages } from "../../components/notifications/NotificationBell";
import { NotificationList } from "../../components/notifications/NotificationList";
import { notificationsQueryOptions, unreadCountQueryOptions, useMarkAllNotificationsRead } from "../../lib/notifications/queries";
import { FeatureMessages } from "../../i18n/FeatureMessages";
import en from "./messages.en.json";
import ptBR from "./messages.pt-BR.json";

const catalogs = { en, "pt-BR": ptBR };

const m = defineMessages({
  list: { id: "notificationsPage.list", defaultMessage: "All notifications" },
  loadMore: { id: "notificationsPage.loadMore", defaultMessage: "Load more" },
  loadingMore: { id: "notificationsPage.loadingMore", defaultMessage: "Loading..." },
  loadMoreFailed: { id: "notificationsPage.loadMoreFailed", defaultMessage: "Could not load more. Please try again." },
});

export function NotificationsPage() {
  return (
    <FeatureMessages catalogs={catalogs}>
      <Notifications />
    </FeatureMessages>
  );
}

function Notifications() {
  const intl = useIntl();
  const list = useInfiniteQuery(notificationsQueryOptions());
  const unread = useQuery(unreadCountQueryOptions()).data?.unread ?? 0;
  const markAll = useMarkAllNotificationsRead();

  if (list.isPending) return <Loading label={<FormattedMessage {...bellMessages.loading} />} />;
  if (list.isError && !list.data) {
    return (
      <div className="notification-error" role="alert">
        <p>
          <FormattedMessage {...bellMessages.failed} />
        </p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void list.refetch()}>
          <FormattedMessage {...bellMessages.retry} />
        </button>
      </div>
    );
  }

  const items = list.data.pages.flatMap((page) => page.items);
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
      {list.isFetchNextPageError && (
        <p className="notification-error" role="alert">
          <FormattedMessage {...m.loadMoreFailed} />
        </p>
      )}
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
