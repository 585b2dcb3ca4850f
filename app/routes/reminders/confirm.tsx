import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import EventsMessages from "../../features/events/messages?feature";
import { RemindConfirmPage } from "../../features/events/RemindConfirmPage";
import { usePageMeta } from "../../lib/usePageMeta";

/** Query of the link in a reminder confirmation mail: /reminders/confirm?token=… (worker/routes/reminders.ts). */
type ConfirmSearch = { token?: string };

// Open to anyone: the visitor may open the link anywhere; the token is the proof.
export const Route = createFileRoute("/reminders/confirm")({
  validateSearch: (search: Record<string, unknown>): ConfirmSearch => ({ token: typeof search.token === "string" ? search.token : undefined }),
  component: RemindersConfirmRoute,
});

const meta = defineMessages({
  title: { id: "meta.remindersConfirm.title", defaultMessage: "Confirm your reminder" },
});

function RemindersConfirmRoute() {
  usePageMeta(meta);
  const { token } = Route.useSearch();
  return (
    <PageFrame title={<FormattedMessage {...meta.title} />}>
      <EventsMessages>
        <RemindConfirmPage token={token} />
      </EventsMessages>
    </PageFrame>
  );
}
