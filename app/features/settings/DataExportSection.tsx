// Settings › Download my data (decision 041): asks the Worker for one zip of everything the site
// keeps about the member, shows its state (preparing, ready until a time, failed) and, once ready,
// the signed download link (also mailed). While it is being prepared the state is polled.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { DATA_EXPORT_API, type DataExportStatus } from "../../../worker/contracts/member-data";
import { FormBanner } from "../../components/form/FormField";
import { api } from "../../lib/api";
import { hasCode } from "../../lib/forms/errorText";

export const dataExportMessages = defineMessages({
  title: { id: "settings.export.title", defaultMessage: "Download my data" },
  intro: {
    id: "settings.export.intro",
    defaultMessage:
      "Get a copy of everything the site keeps about you: your account, profile, posts, comments, likes, playlists, favorites, VIP chat history, payments, tickets and pictures, as one zip file. We also e-mail you the link. It works for 24 hours.",
  },
  loading: { id: "settings.export.loading", defaultMessage: "Loading..." },
  loadFailed: { id: "settings.export.loadFailed", defaultMessage: "Failed to load the state of your data copy" },
  retry: { id: "settings.export.retry", defaultMessage: "Try again" },
  prepare: { id: "settings.export.prepare", defaultMessage: "Prepare my data" },
  prepareAgain: { id: "settings.export.prepareAgain", defaultMessage: "Prepare a new copy" },
  starting: { id: "settings.export.starting", defaultMessage: "Starting..." },
  preparing: { id: "settings.export.preparing", defaultMessage: "Preparing your data. This page updates when it is ready; we also e-mail you the link." },
  download: { id: "settings.export.download", defaultMessage: "Download (zip)" },
  failed: { id: "settings.export.failed", defaultMessage: "Preparing your data failed. Please try again." },
  requestFailed: { id: "settings.export.requestFailed", defaultMessage: "Your data could not be prepared. Please try again." },
  rateLimited: { id: "settings.export.rateLimited", defaultMessage: "You can ask for one copy an hour. Please try again later." },
});
const m = {
  ...dataExportMessages,
  ready: defineMessage<{ size: string; until: string }>({
    id: "settings.export.ready",
    defaultMessage: "Your copy is ready ({size}). The link works until {until}.",
  }),
};

/** How often the section asks while the archive is being prepared. */
const POLL_MS = 2000;

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: ["account", "export"] as const,
    queryFn: ({ signal }) => api<DataExportStatus>(DATA_EXPORT_API, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "preparing" ? POLL_MS : false),
  });

export function DataExportSection() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const status = useQuery(dataExportQueryOptions());
  const request = useMutation({
    mutationFn: () => api<DataExportStatus>(DATA_EXPORT_API, { method: "POST" }),
    onSuccess: (data) => queryClient.setQueryData(dataExportQueryOptions().queryKey, data),
  });

  if (status.isPending) {
    return (
      <p className="muted" role="status">
        <FormattedMessage {...m.loading} />
      </p>
    );
  }
  if (status.isError) {
    return (
      <FormBanner kind="error">
        <FormattedMessage {...m.loadFailed} />{" "}
        <button type="button" className="btn btn-ghost" onClick={() => void status.refetch()}>
          <FormattedMessage {...m.retry} />
        </button>
      </FormBanner>
    );
  }

  const state = status.data;
  const size = (bytes: number) =>
    bytes >= 1_000_000
      ? intl.formatNumber(bytes / 1_000_000, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
      : intl.formatNumber(Math.max(1, Math.round(bytes / 1000)), { style: "unit", unit: "kilobyte" });

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      {request.isError && (
        <FormBanner kind="error">
          <FormattedMessage {...(hasCode(request.error, "rate_limited") ? m.rateLimited : m.requestFailed)} />
        </FormBanner>
      )}
      {state.status === "failed" && (
        <FormBanner kind="error">
          <FormattedMessage {...m.failed} />
        </FormBanner>
      )}
      {state.status === "preparing" ? (
        <p role="status" data-testid="export-preparing">
          <FormattedMessage {...m.preparing} />
        </p>
      ) : null}
      {state.status === "ready" && state.downloadUrl && state.expiresAt && (
        <div role="status" data-testid="export-ready">
          <p>
            <FormattedMessage
              {...m.ready}
              values={{
                size: size(state.sizeBytes ?? 0),
                until: intl.formatDate(state.expiresAt, { dateStyle: "medium", timeStyle: "short" }),
              }}
            />
          </p>
          <p>
            <a className="btn btn-primary" href={state.downloadUrl} download>
              <FormattedMessage {...m.download} />
            </a>
          </p>
        </div>
      )}
      {state.status !== "preparing" && (
        <button type="button" className="btn btn-ghost" disabled={request.isPending} onClick={() => request.mutate()}>
          <FormattedMessage {...(request.isPending ? m.starting : state.status === "ready" ? m.prepareAgain : m.prepare)} />
        </button>
      )}
    </>
  );
}
