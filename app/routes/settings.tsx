import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { SettingsPage } from "../features/settings/SettingsPage";
import { deviceSessionsQueryOptions } from "../features/settings/queries";
import { requireSignedIn } from "../lib/session/guards";
import { usePageMeta } from "../lib/usePageMeta";

// The member's account settings (decision 039). A visitor goes to /social/login first, and comes
// back here after signing in; the Worker refuses the data to anyone not signed in (401).
export const Route = createFileRoute("/settings")({
  beforeLoad: requireSignedIn,
  // Prefetch without throwing: the Devices section shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(deviceSessionsQueryOptions()),
  component: Settings,
});

const meta = defineMessages({
  title: { id: "meta.settings.title", defaultMessage: "Account settings" },
});

function Settings() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.settings.title" defaultMessage="Account settings" />}
      intro={<FormattedMessage id="pages.settings.intro" defaultMessage="Your password and the devices you are signed in on." />}
    >
      <SettingsPage />
    </PageFrame>
  );
}
