import { createFileRoute } from "@tanstack/react-router";
import { MailboxPage } from "../../features/mailbox/MailboxPage";

export const Route = createFileRoute("/dev/mailbox")({ component: MailboxPage });
