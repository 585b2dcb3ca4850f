import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { NotifyCancelPage } from "../../features/notify-me/LinkPages";
import { notifyPageMessages } from "../../features/notify-me/messages";
import NotifyMeMessages from "../../features/notify-me/messages?feature";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in every "Notify me" mail to a visitor: /notify-me/cancel?t=… (worker/services/notify-me/pass.ts). */
type CancelSearch = { t?: string };

// Open to anyone: the signed link is the proof, and it can only withdraw that address's requests.
export const Route = createFileRoute("/notify-me/cancel")({
  validateSearch: (search: Record<string, unknown>): CancelSearch => ({ t: typeof search.t === "string" ? search.t : undefined }),
  component: NotifyCancelRoute,
});

function NotifyCancelRoute() {
  const { t } = Route.useSearch();
  return (
    <NotifyMeMessages>
      <Page t={t} />
    </NotifyMeMessages>
  );
}

function Page({ t }: CancelSearch) {
  usePageMeta({ title: notifyPageMessages.cancelTitle });
  return (
    <PageFrame title={<FormattedMessage {...notifyPageMessages.cancelTitle} />}>
      <NotifyCancelPage t={t} />
    </PageFrame>
  );
}
