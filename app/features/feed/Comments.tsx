// A post's comments (oldest first), each but the reader's own with a Report button, and the
// comment box (2 rows; 'Sending...' while busy; 'Failed to create comment' when the server
// refuses). Shown under the post whose comment count was clicked; the list reads itself again
// when a live event says someone else commented.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { COMMENT_MAX, type CommentView } from "#contracts/feed.ts";
import { Icon } from "../../components/Icon";
import { QueryState } from "../../components/QueryState";
import { UiText } from "../../components/form/FormField";
import { Avatar } from "../../components/Avatar";
import { TierBadge } from "../../components/TierBadge";
import { feedErrorText, textLength, type UiMessage } from "./errors";
import { commentTooLongMessage } from "../../lib/forms/messages";
import { counterMessage, feedMessages as m, reportCommentLabelMessage } from "./messages";
import { useCreateComment } from "./mutations";
import { MentionTextarea } from "./MentionTextarea";
import { PostContent } from "../../components/PostContent";
import { ReportDialog } from "./ReportDialog";
import { commentsQueryOptions } from "./queries";
import { RelativeTime } from "../../components/RelativeTime";

function CommentItem({ comment, viewerId }: { comment: CommentView; viewerId: string | null }) {
  const intl = useIntl();
  const [reporting, setReporting] = useState(false);
  const isOwn = viewerId !== null && viewerId === comment.author.id;
  return (
    <li className="feed-comment">
      <Avatar src={comment.author.avatarUrl} alt="" size={32} className="feed-avatar" />
      <div className="feed-comment-body">
        <p className="feed-comment-byline">
          <Link to="/social/profile/$userId" params={{ userId: comment.author.id }} className="feed-post-username">
            {comment.author.username}
          </Link>{" "}
          <TierBadge holder={comment.author} vipLabel={intl.formatMessage(m.vipBadge)} />
          <RelativeTime iso={comment.createdAt} className="muted feed-post-time" />
        </p>
        <PostContent text={comment.content} className="post-content feed-comment-content" />
      </div>
      {!isOwn && (
        <button
          type="button"
          className="btn btn-ghost btn-sm feed-comment-report"
          aria-label={intl.formatMessage(reportCommentLabelMessage, { username: comment.author.username })}
          onClick={() => setReporting(true)}
        >
          <Icon name="alert" size={14} />
          <FormattedMessage {...m.report} />
        </button>
      )}
      {reporting && <ReportDialog target={{ postId: comment.postId, commentId: comment.id }} onClose={() => setReporting(false)} />}
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const intl = useIntl();
  const id = useId();
  const create = useCreateComment(postId);
  const [content, setContent] = useState("");
  const [error, setError] = useState<UiMessage | null>(null);
  const length = textLength(content);
  const tooLong = length > COMMENT_MAX;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (length === 0 || tooLong || create.isPending) return;
    setError(null);
    create.mutate(content, {
      onSuccess: () => setContent(""),
      onError: (err) => setError(feedErrorText(err, m.createCommentFailed)),
    });
  };

  return (
    <form className="feed-comment-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-text`} className="sr-only">
          <FormattedMessage {...m.commentLabel} />
        </label>
        <MentionTextarea
          id={`${id}-text`}
          name="comment"
          rows={2}
          value={content}
          placeholder={intl.formatMessage(m.commentPlaceholder)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          onValueChange={setContent}
        />
        <p id={`${id}-count`} className={tooLong ? "feed-counter field-error" : "feed-counter muted"}>
          {tooLong ? (
            <FormattedMessage {...commentTooLongMessage} values={{ max: COMMENT_MAX }} />
          ) : (
            <FormattedMessage {...counterMessage} values={{ count: length, max: COMMENT_MAX }} />
          )}
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="error-banner" role="alert">
          <UiText value={error} />
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={length === 0 || tooLong || create.isPending}>
          <FormattedMessage {...(create.isPending ? m.sending : m.send)} />
        </button>
      </div>
    </form>
  );
}

export function Comments({ id, postId, viewerId }: { id?: string; postId: string; viewerId: string | null }) {
  const comments = useQuery(commentsQueryOptions(postId));
  const titleId = useId();
  return (
    <section id={id} className="feed-comments" aria-labelledby={titleId}>
      <h3 id={titleId} className="sr-only">
        <FormattedMessage {...m.commentsTitle} />
      </h3>
      <QueryState
        query={comments}
        loading={<FormattedMessage {...m.commentsLoading} />}
        failed={<FormattedMessage {...m.loadCommentsFailed} />}
        retry={<FormattedMessage {...m.tryAgain} />}
      >
        {(data) =>
          data.comments.length === 0 ? (
            <p className="muted feed-comments-empty">
              <FormattedMessage {...m.commentsEmpty} />
            </p>
          ) : (
            <ol className="feed-comment-list">
              {data.comments.map((comment) => (
                <CommentItem key={comment.id} comment={comment} viewerId={viewerId} />
              ))}
            </ol>
          )
        }
      </QueryState>
      <CommentForm postId={postId} />
    </section>
  );
}
