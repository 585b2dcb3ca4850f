// The back office's "Notify fans": a button on an album, a published event or a live
// TV channel that opens a dialog. The dialog counts who would receive the announcement (members,
// VIPs and admins), says if it was already announced, and on confirmation queues it and follows
// the queue's progress, polling every second until every recipient's notification is written.
// Types only from the contracts: their values would pull zod into the admin chunks.
import { useState } from "react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { Loading } from "#app/components/Loading.tsx";
import { Modal } from "#app/components/Modal.tsx";
import { QueryFailed } from "#app/components/QueryState.tsx";
import { createFeatureMessages } from "#app/i18n/FeatureMessages.tsx";
import { api, ApiRequestError } from "#app/lib/api/index.ts";
import type { NotifyPreview, NotifyProgress, NotifyTargetType } from "#contracts/notifications.ts";
import { adminKeys } from "../../queries";
import { kindMessages, notifyErrorMessages, notifyMessages as m } from "./messages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";
import "./notify.css";

const NotifyMessages = createFeatureMessages({ en, "pt-BR": ptBR });

export const NOTIFY_API = "/api/admin/notify";
/** How often the dialog asks how far the fan-out has got. */
export const NOTIFY_POLL_MS = 1000;

const notifyKeys = {
  preview: (type: NotifyTargetType, id: string) => [...adminKeys.all, "notify", "preview", type, id] as const,
  progress: (id: string) => [...adminKeys.all, "notify", "progress", id] as const,
};

const previewQueryOptions = (type: NotifyTargetType, id: string) =>
  queryOptions({
    queryKey: notifyKeys.preview(type, id),
    queryFn: ({ signal }) => api<NotifyPreview>(`${NOTIFY_API}/preview?type=${type}&id=${encodeURIComponent(id)}`, { signal }),
    // The audience changes with every sign-up: count again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

const progressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: notifyKeys.progress(id),
    queryFn: ({ signal }) => api<NotifyProgress>(`${NOTIFY_API}/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.done ? false : NOTIFY_POLL_MS),
    gcTime: 0,
  });

type NotifyFansProps = { type: NotifyTargetType; id: string; name: string };

/**
 * The button (its accessible name says what it announces) and, once pressed, the dialog. Its texts
 * come with it, so the catalog, events and TV pages need not carry them.
 */
export function NotifyFansButton(props: NotifyFansProps) {
  return (
    <NotifyMessages>
      <NotifyFans {...props} />
    </NotifyMessages>
  );
}

function NotifyFans({ type, id, name }: NotifyFansProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.buttonNamed, { name })} onClick={() => setOpen(true)}>
        {intl.formatMessage(m.button)}
      </button>
      {open && <NotifyFansDialog type={type} id={id} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function NotifyFansDialog({ type, id, name, onClose }: NotifyFansProps & { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const preview = useQuery(previewQueryOptions(type, id));
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => api<NotifyProgress>(NOTIFY_API, { method: "POST", json: { type, id } }),
    onSuccess: (queued) => {
      queryClient.setQueryData(notifyKeys.progress(queued.id), queued);
      setCampaignId(queued.id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditAll });
    },
  });
  // An earlier announcement's progress shows as well: the admin sees how far it got.
  const followed = campaignId ?? preview.data?.announcedId ?? null;
  const progress = useQuery({ ...progressQueryOptions(followed ?? ""), enabled: followed !== null });

  // A refusal the server explains (not released, not live...) would be the same on a retry.
  const refusal = (error: unknown) => (error instanceof ApiRequestError ? notifyErrorMessages[error.code] : undefined);
  const errorText = (error: unknown) => {
    const known = refusal(error);
    return known ? intl.formatMessage(known) : intl.formatMessage(m.failed);
  };

  const canSend = preview.isSuccess && preview.data.announcedId === null && campaignId === null;
  const footer = (
    <>
      {send.isError && (
        <div className="error-banner" role="alert">
          {errorText(send.error)}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(campaignId === null ? m.cancel : m.close)}
        </button>
        {canSend && (
          <button type="button" className="btn btn-primary" onClick={() => send.mutate()} disabled={send.isPending}>
            {intl.formatMessage(send.isPending ? m.sending : m.send)}
          </button>
        )}
      </div>
    </>
  );

  return (
    <Modal title={intl.formatMessage(m.title, { name })} onClose={onClose} footer={footer}>
      {preview.isPending && <Loading label={intl.formatMessage(m.loading)} />}
      {preview.isError && (
        <QueryFailed
          message={errorText(preview.error)}
          retryLabel={refusal(preview.error) ? undefined : intl.formatMessage(m.retry)}
          onRetry={() => void preview.refetch()}
          retrying={preview.isFetching}
        />
      )}
      {preview.isSuccess && (
        <>
          {kindMessages[preview.data.kind] && <p>{intl.formatMessage(kindMessages[preview.data.kind]!)}</p>}
          <p>
            <strong>{intl.formatMessage(m.counts, preview.data.counts)}</strong>
          </p>
          {preview.data.announcedId !== null && campaignId === null && <p className="muted">{intl.formatMessage(m.announced)}</p>}
        </>
      )}
      {followed !== null && progress.data && <Progress progress={progress.data} />}
      {followed !== null && progress.isError && <QueryFailed message={errorText(progress.error)} />}
    </Modal>
  );
}

function Progress({ progress }: { progress: NotifyProgress }) {
  const intl = useIntl();
  const values = { written: progress.written, total: progress.total };
  const label = intl.formatMessage(m.progressLabel);
  return (
    <div className="notify-progress">
      {/* A fan-out that is done is full, even when members who turned the kind off made it write fewer. */}
      <progress max={progress.total || 1} value={progress.done ? progress.total || 1 : progress.written} aria-label={label} />
      <p role="status">{intl.formatMessage(progress.done ? m.done : m.written, values)}</p>
    </div>
  );
}
