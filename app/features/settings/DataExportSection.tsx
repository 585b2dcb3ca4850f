// Settings › Download my data (decision 041): asks the Worker for one zip of everything the site
// keeps about the member, shows its state (preparing, ready until a time, failed) and, once ready,
// the signed download link (also mailed). While it is being prepared the state is polled.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useState, type FormEvent } from "react";
import { DATA_EXPORT_API, MEMBER_DATA_CODES, type DataExportStatus, type ExportRequestBody } from "#contracts/member-data.ts";
import { FormBanner, FormField } from "../../components/form/FormField";
import { QueryState } from "../../components/QueryState";
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
  password: { id: "settings.export.password", defaultMessage: "Current password" },
  passwordRequired: { id: "settings.export.passwordRequired", defaultMessage: "Enter your current password" },
  passwordWrong: { id: "settings.export.passwordWrong", defaultMessage: "That is not your current password" },
  tooManyAttempts: { id: "settings.export.tooManyAttempts", defaultMessage: "Too many attempts. Please wait a few minutes and try again." },
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
  const status = useQuery(dataExportQueryOptions());
  return (
    <QueryState
      query={status}
      loading={<FormattedMessage {...m.loading} />}
      failed={<FormattedMessage {...m.loadFailed} />}
      retry={<FormattedMessage {...m.retry} />}
    >
      {(state) => <DataExport state={state} />}
    </QueryState>
  );
}

function DataExport({ state }: { state: DataExportStatus }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<MessageDescriptor | null>(null);
  const request = useMutation({
    mutationFn: (body: ExportRequestBody) => api<DataExportStatus>(DATA_EXPORT_API, { method: "POST", json: body }),
    onSuccess: (data) => {
      setPassword("");
      queryClient.setQueryData(dataExportQueryOptions().queryKey, data);
    },
    onError: (error) => {
      if (hasCode(error, "invalid_credentials")) setPasswordError(m.passwordWrong);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setPasswordError(m.passwordRequired);
    setPasswordError(null);
    request.mutate({ currentPassword: password });
  };

  const size = (bytes: number) =>
    bytes >= 1_000_000
      ? intl.formatNumber(bytes / 1_000_000, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 })
      : intl.formatNumber(Math.max(1, Math.round(bytes / 1000)), { style: "unit", unit: "kilobyte" });

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      {request.isError && !hasCode(request.error, "invalid_credentials") && (
        <FormBanner kind="error">
          <FormattedMessage {...exportErrorMessage(request.error)} />
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
        <form className="form settings-export" noValidate onSubmit={onSubmit}>
          <FormField
            label={<FormattedMessage {...m.password} />}
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError ? { message: passwordError } : undefined}
          />
          <button type="submit" className="btn btn-ghost" disabled={request.isPending}>
            <FormattedMessage {...(request.isPending ? m.starting : state.status === "ready" ? m.prepareAgain : m.prepare)} />
          </button>
        </form>
      )}
    </>
  );
}

function exportErrorMessage(error: unknown) {
  if (hasCode(error, MEMBER_DATA_CODES.exportRateLimited)) return m.rateLimited;
  if (hasCode(error, "rate_limited")) return m.tooManyAttempts;
  return m.requestFailed;
}
