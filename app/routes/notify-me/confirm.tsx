import { createFileRoute } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { NotifyConfirmPage } from "../../features/notify-me/LinkPages";
import { notifyPageMessages } from "../../features/notify-me/messages";
import NotifyMeMessages from "../../features/notify-me/messages?feature";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in a "Notify me" confirmation mail: /notify-me/confirm?token=… (worker/routes/notify-me.ts). */
type ConfirmSearch = { token?: string };

// Open to anyone: the visitor may open the link anywhere; the token is the proof.
export const Route = createFileRoute("/notify-me/confirm")({
  validateSearch: (search: Record<string, unknown>): ConfirmSearch => ({ token: typeof search.token === "string" ? search.token : undefined }),
  component: NotifyConfirmRoute,
});

function NotifyConfirmRoute() {
  const { token } = Route.useSearch();
  return (
    <NotifyMeMessages>
      <Page token={token} />
    </NotifyMeMessages>
  );
}

function Page({ token }: ConfirmSearch) {
  usePageMeta({ title: notifyPageMessages.confirmTitle });
  return (
    <PageFrame title={<FormattedMessage {...notifyPageMessages.confirmTitle} />}>
      <NotifyConfirmPage token={token} />
    </PageFrame>
  );
}
