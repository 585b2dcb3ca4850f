// One reported (or hidden) post or comment: what it says, who wrote it, how many reports and for
// what, the latest reports, and the moderator's actions. Delete and ban ask first.
import { useId, useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import type { ReportReason } from "#contracts/feed.ts";
import type { ModerationItem } from "#contracts/moderation.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { moderationMessages as m } from "./messages";
import { useModerationAction, type ModerationAction } from "./queries";

const REASONS: Record<ReportReason, MessageDescriptor> = {
  spam: m.reasonSpam,
  harassment: m.reasonHarassment,
  hate: m.reasonHate,
  sexual: m.reasonSexual,
  violence: m.reasonViolence,
  other: m.reasonOther,
};

const KINDS: Record<ModerationItem["kind"], MessageDescriptor> = { post: m.kindPost, comment: m.kindComment, room_message: m.kindRoomMessage };

export function ItemCard({ item, onDone }: { item: ModerationItem; onDone: (resolved: number) => void }) {
  const intl = useIntl();
  const headingId = useId();
  const [confirming, setConfirming] = useState<"delete" | "ban" | null>(null);
  const action = useModerationAction();
  const run = (what: ModerationAction) =>
    action.mutate(
      { item, action: what },
      {
        onSuccess: (res) => {
          setConfirming(null);
          onDone(res.resolvedReports);
        },
      },
    );
  const reason = (r: ReportReason) => intl.formatMessage(REASONS[r]);
  const hidden = item.hiddenAt !== null;
  const banned = item.author.status === "banned";
  // A room message is hidden in its room (for good, as a moderator's hide there) or its reports
  // dismissed; once hidden it is listed in the hidden view without a way back (decision 115).
  const inRoom = item.kind === "room_message";

  return (
    <article className="card moderation-card" aria-labelledby={headingId}>
      <header className="moderation-head">
        <h3 id={headingId} className="moderation-title">
          {intl.formatMessage(KINDS[item.kind])} · {intl.formatMessage(m.byAuthor, { username: item.author.username, email: item.author.email })}
        </h3>
        <span className="moderation-badges">
          <span className="badge">{intl.formatMessage(m.reportCount, { count: item.reportCount })}</span>
          {hidden && <span className="badge moderation-hidden">{intl.formatMessage(m.hiddenBadge)}</span>}
          {banned && <span className="badge moderation-banned">{intl.formatMessage(m.banned)}</span>}
        </span>
      </header>
      <p className="muted moderation-meta">
        <time dateTime={item.createdAt}>{intl.formatDate(item.createdAt, { dateStyle: "medium", timeStyle: "short" })}</time>
        {item.kind === "comment" && <> · {intl.formatMessage(m.onPost, { excerpt: item.postExcerpt })}</>}
        {item.kind === "room_message" && <> · {intl.formatMessage(m.inRoom, { room: intl.locale === "pt-BR" ? item.roomName.ptBR : item.roomName.en })}</>}
      </p>
      <p className="moderation-content">{item.content}</p>
      {item.kind === "post" && item.imageUrl && <img className="moderation-image" src={item.imageUrl} alt="" loading="lazy" width={160} height={120} />}

      {item.reasons.length > 0 && (
        <ul className="moderation-reasons" aria-label={intl.formatMessage(m.reasons)}>
          {item.reasons.map((r) => (
            <li key={r.reason} className="badge">
              {intl.formatMessage(m.reasonCount, { reason: reason(r.reason), count: r.count })}
            </li>
          ))}
        </ul>
      )}
      {item.reports.length > 0 && (
        <ul className="moderation-reports" aria-label={intl.formatMessage(m.reports)}>
          {item.reports.map((r) => (
            <li key={r.id}>
              {intl.formatMessage(m.reportBy, { reporter: r.reporter, reason: reason(r.reason) })}
              {r.details && <span className="moderation-details"> “{r.details}”</span>}
            </li>
          ))}
        </ul>
      )}

      <div className="moderation-actions">
        {inRoom && hidden ? (
          <p className="muted">{intl.formatMessage(m.hiddenInRoom)}</p>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm" disabled={action.isPending} onClick={() => run(hidden ? "unhide" : "hide")}>
            {intl.formatMessage(hidden ? m.unhide : m.hide)}
          </button>
        )}
        {item.reportCount > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={action.isPending} onClick={() => run("dismiss")}>
            {intl.formatMessage(m.dismiss)}
          </button>
        )}
        {!inRoom && (
          <button type="button" className="btn btn-danger btn-sm" disabled={action.isPending} onClick={() => setConfirming("delete")}>
            {intl.formatMessage(m.delete)}
          </button>
        )}
        {!banned && !inRoom && (
          <button type="button" className="btn btn-danger btn-sm" disabled={action.isPending} onClick={() => setConfirming("ban")}>
            {intl.formatMessage(m.ban)}
          </button>
        )}
      </div>
      {action.isError && !confirming && (
        <div className="error-banner" role="alert">
          {intl.formatMessage(m.actionFailed)}
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          title={intl.formatMessage(confirming === "ban" ? m.banTitle : item.kind === "post" ? m.deletePostTitle : m.deleteCommentTitle)}
          cancelLabel={intl.formatMessage(m.cancel)}
          confirmLabel={intl.formatMessage(confirming === "ban" ? m.ban : m.delete)}
          busyLabel={intl.formatMessage(confirming === "ban" ? m.banning : m.deleting)}
          busy={action.isPending}
          error={action.isError && intl.formatMessage(m.actionFailed)}
          onConfirm={() => run(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>{confirming === "ban" ? intl.formatMessage(m.banQuestion, { username: item.author.username }) : intl.formatMessage(m.deleteQuestion)}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
