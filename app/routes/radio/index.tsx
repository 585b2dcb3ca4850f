import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import { RadioPage } from "../../features/radio/RadioPage";
import { stationsQueryOptions } from "../../features/radio/queries";
import { usePageMeta } from "../../lib/usePageMeta";

export const Route = createFileRoute("/radio/")({
  loader: ({ context }) => void context.queryClient.prefetchQuery(stationsQueryOptions(context.locale?.() ?? "en")),
  component: Radio,
});

const meta = defineMessages({
  title: { id: "meta.radio.title", defaultMessage: "Radio" },
  description: { id: "meta.radio.description", defaultMessage: "Freestyle and dance classics around the clock on three commercial-free radio channels." },
});

function Radio() {
  usePageMeta(meta);
  return (
    <PageFrame
      title={<FormattedMessage id="pages.radio.title" defaultMessage="Radio" />}
      intro={<FormattedMessage id="pages.radio.intro" defaultMessage="Freestyle and dance classics, commercial-free, around the clock." />}
    >
      <RadioPage />
    </PageFrame>
  );
}
