// "Cancel event" (decision 055, part "cancel"): the dialog asks with the Worker's own figures (the
// buyers, their tickets, the refund total per currency, the reminder subscribers told) and sends the
// number of buyers it showed; a 409 because that changed shows the new figures to confirm again.
// Once cancelled, it shows the refund job's progress (polling the same preview) until it is done,
// with the refunds that failed and a retry. Opened for a cancelled event, it shows the progress.
import { useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl, type IntlShape } from "react-intl";
import { Modal } from "#app/components/Modal.tsx";
import { ConfirmDialog } from "#app/components/ConfirmDialog.tsx";
import { QueryState } from "#app/components/QueryState.tsx";
import { createFeatureMessages } from "#app/i18n/FeatureMessages.tsx";
import { api, ApiRequestError } from "#app/lib/api/index.ts";
import { adminKeys } from "../../queries";
import { formatMoney } from "#contracts/store/model.ts";
import {
  eventCancellationPath,
  eventCancellationRetryPath,
  eventCancelPath,
  type CancelEventBody,
  type CancellationJob,
  type CancellationPreview,
  type CancellationResponse,
  type RefundTotal,
} from "#contracts/tickets/event-cancellation.ts";
import { cancelMessages as m } from "./messages";
import en from "./messages?english";
import ptBR from "./messages.pt-BR.json";

const CancelMessages = createFeatureMessages({ en, "pt-BR": ptBR });

/** How often the progress is asked for while the job runs. */
export const CANCEL_POLL_MS = 1000;

const cancellationKey = (eventId: string) => [...adminKeys.all, "event-cancellation", eventId] as const;

export function useCancellation(eventId: string) {
  return useQuery({
    queryKey: cancellationKey(eventId),
    queryFn: ({ signal }) => api<CancellationResponse>(eventCancellationPath(eventId), { signal }),
    // Poll while the refunds run; stop once the job says it is done.
    refetchInterval: (query) => {
      const job = query.state.data?.cancellation.job;
      return job && !job.finishedAt ? CANCEL_POLL_MS : false;
    },
    retry: false,
  });
}

const totalText = (intl: IntlShape, refunds: RefundTotal[]) =>
  refunds.length ? refunds.map((r) => formatMoney(r.amountCents, r.currency, intl.locale)).join(" + ") : formatMoney(0, "usd", intl.locale);

type Props = { eventId: string; title: string; onClose: () => void; onCancelled: () => void };

/** The dialog inside its messages. */
export function CancelEventDialog(props: Props) {
  return (
    <CancelMessages>
      <CancelEventFlow {...props} />
    </CancelMessages>
  );
}

function CancelEventFlow({ eventId, title, onClose, onCancelled }: Props) {
  const intl = useIntl();
  const query = useCancellation(eventId);
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.loadFailed)} retry={intl.formatMessage(m.retryLoad)}>
      {({ cancellation }) =>
        cancellation.job || cancellation.status === "cancelled" ? (
          <Progress eventId={eventId} preview={cancellation} onClose={onClose} />
        ) : (
          <Confirm eventId={eventId} title={title} preview={cancellation} onClose={onClose} onCancelled={onCancelled} />
        )
      }
    </QueryState>
  );
}

function Confirm({ eventId, title, preview, onClose, onCancelled }: Props & { preview: CancellationPreview }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [error, setError] = useState<ReactNode>(null);
  const mutation = useMutation({
    mutationFn: (body: CancelEventBody) => api<CancellationResponse>(eventCancelPath(eventId), { method: "POST", json: body }),
  });
  const confirm = () => {
    setError(null);
    mutation.mutate(
      { confirmBuyers: preview.buyers },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData(cancellationKey(eventId), answer);
          onCancelled();
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === "event_cancel_buyers_changed") {
            setError(intl.formatMessage(m.buyersChanged, { buyers: Number(err.params?.buyers ?? 0) }));
            void queryClient.invalidateQueries({ queryKey: cancellationKey(eventId) });
          } else if (err instanceof ApiRequestError && err.code === "event_already_cancelled") {
            setError(intl.formatMessage(m.alreadyCancelled));
          } else setError(intl.formatMessage(m.failed));
        },
      },
    );
  };
  const confirmLabel = preview.buyers > 0 ? intl.formatMessage(m.confirmRefund, { buyers: preview.buyers }) : intl.formatMessage(m.confirmPlain);
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.title)}
      cancelLabel={intl.formatMessage(m.keep)}
      confirmLabel={confirmLabel}
      busyLabel={intl.formatMessage(m.cancelling)}
      busy={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{intl.formatMessage(m.question, { title })}</p>
      <p className="admin-cancel-figures">
        {preview.buyers > 0
          ? intl.formatMessage(m.figures, { buyers: preview.buyers, tickets: preview.tickets, total: totalText(intl, preview.refunds) })
          : intl.formatMessage(m.noSales)}
      </p>
      <p className="muted">{intl.formatMessage(m.subscribers, { count: preview.reminderSubscribers })}</p>
    </ConfirmDialog>
  );
}

function Progress({ eventId, preview, onClose }: { eventId: string; preview: CancellationPreview; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api<CancellationResponse>(eventCancellationRetryPath(eventId), { method: "POST" }),
    onSuccess: (answer) => queryClient.setQueryData(cancellationKey(eventId), answer),
  });
  const job: CancellationJob = preview.job ?? {
    requestedAt: "",
    ordersTotal: 0,
    ordersRefunded: 0,
    ordersFailed: 0,
    mailsSent: 0,
    finishedAt: preview.status === "cancelled" ? new Date(0).toISOString() : null,
    failed: [],
  };
  const done = job.ordersRefunded + job.ordersFailed;
  const footer = (
    <div className="dialog-actions">
      {job.finishedAt && job.ordersFailed > 0 && (
        <button type="button" className="btn btn-ghost" onClick={() => retry.mutate()} disabled={retry.isPending}>
          {intl.formatMessage(retry.isPending ? m.retrying : m.retryFailed)}
        </button>
      )}
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {intl.formatMessage(m.close)}
      </button>
    </div>
  );
  return (
    <Modal title={intl.formatMessage(m.progressTitle)} onClose={onClose} footer={footer}>
      <p className="admin-events-confirm-name">{preview.title}</p>
      <progress
        className="admin-cancel-progress"
        max={Math.max(job.ordersTotal, 1)}
        value={job.ordersTotal ? done : 1}
        aria-label={intl.formatMessage(m.progressLabel)}
      />
      <p role="status">
        {intl.formatMessage(m.progress, { done, total: job.ordersTotal, refunded: job.ordersRefunded, failed: job.ordersFailed })}
        {" · "}
        {job.finishedAt ? intl.formatMessage(m.finished, { mails: job.mailsSent }) : intl.formatMessage(m.running)}
      </p>
      {job.failed.length > 0 && (
        <>
          <h3>{intl.formatMessage(m.failedHeading)}</h3>
          <ul className="admin-cancel-failed">
            {job.failed.map((f) => (
              <li key={f.orderId}>
                {intl.formatMessage(m.failedOrder, {
                  number: f.number,
                  email: f.email,
                  amount: formatMoney(f.amountCents ?? 0, f.currency, intl.locale),
                  error: f.error,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

/** The row's button: "Cancel event" before, "Refunds" once cancelled (the job's progress). */
export function CancelEventButton({ title, cancelled, onClick }: { title: string; cancelled: boolean; onClick: () => void }) {
  return (
    <CancelMessages>
      <CancelEventButtonInner title={title} cancelled={cancelled} onClick={onClick} />
    </CancelMessages>
  );
}

function CancelEventButtonInner({ title, cancelled, onClick }: { title: string; cancelled: boolean; onClick: () => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={cancelled ? "btn btn-ghost btn-sm" : "btn btn-danger btn-sm"}
      aria-label={intl.formatMessage(cancelled ? m.progressNamed : m.actionNamed, { title })}
      onClick={onClick}
    >
      {intl.formatMessage(cancelled ? m.progressAction : m.action)}
    </button>
  );
}
