import { createFileRoute } from "@tanstack/react-router";
import { defineMessages } from "react-intl";
import { MailboxPage } from "../../features/mailbox/MailboxPage";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/dev/mailbox")({ component: MailboxRoute });

const meta = defineMessages({
  title: { id: "meta.devMailbox.title", defaultMessage: "Dev Mailbox" },
});

function MailboxRoute() {
  usePageMeta(meta);
  return <MailboxPage />;
}
