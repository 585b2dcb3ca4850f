// The Overview's failed background jobs (decision 049): what failed every retry on the
// notification or campaign queue, with Retry (back to its queue) and Dismiss. Hidden when none.
import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryFailed } from "../../../components/QueryState";
import { api } from "../../../lib/api";
import type { DeadLetterListResponse, DeadLetterView } from "#contracts/dead-letters.ts";
import { formatMoment } from "../format";
import { overviewMessages as m } from "./messages";

const deadLettersKey = ["admin", "dead-letters"] as const;

export function FailedJobs() {
  const intl = useIntl();
  const headingId = useId();
  const jobs = useQuery({ queryKey: deadLettersKey, queryFn: ({ signal }) => api<DeadLetterListResponse>("/api/admin/dead-letters", { signal }) });
  if (jobs.isPending) return null;
  if (jobs.isError) return <QueryFailed message={intl.formatMessage(m.jobsFailedToLoad)} />;
  if (jobs.data.items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {intl.formatMessage(m.jobsTitle, { count: jobs.data.open })}
      </h2>
      <p className="muted">{intl.formatMessage(m.jobsHint)}</p>
      <ul className="admin-failed-jobs">
        {jobs.data.items.map((job) => (
          <FailedJob key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}

function FailedJob({ job }: { job: DeadLetterView }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const act = useMutation({
    mutationFn: (action: "retry" | "dismiss") => api<DeadLetterView>(`/api/admin/dead-letters/${encodeURIComponent(job.id)}/${action}`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deadLettersKey }),
    onError: () => setFailed(true),
  });
  const queue = intl.formatMessage(job.queue === "freestyle-lovers-campaigns" ? m.jobsQueueCampaigns : m.jobsQueueNotifications);
  const refs = Object.entries(job.refs)
    .map(([key, value]) => `${key} ${value}`)
    .join(", ");
  return (
    <li className="card admin-failed-job">
      <p>
        <strong>{queue}</strong> · {job.kind ?? intl.formatMessage(m.jobsUnknownKind)}
        {refs && <span className="muted"> · {refs}</span>}
      </p>
      <p className="muted">{intl.formatMessage(m.jobsWhen, { when: formatMoment(intl, job.receivedAt), attempts: job.attempts })}</p>
      {failed && <p role="alert">{intl.formatMessage(m.jobsActionFailed)}</p>}
      <div className="admin-failed-job-actions">
        <button type="button" className="btn" disabled={act.isPending} onClick={() => act.mutate("retry")}>
          {intl.formatMessage(m.jobsRetry)}
        </button>
        <button type="button" className="btn btn-ghost" disabled={act.isPending} onClick={() => act.mutate("dismiss")}>
          {intl.formatMessage(m.jobsDismiss)}
        </button>
      </div>
    </li>
  );
}
