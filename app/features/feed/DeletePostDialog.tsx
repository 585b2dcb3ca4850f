// 'Delete Post' (docs/features.md#social-feed): the confirmation, Cancel and Delete ('Deleting...' while busy).
// Closes on Cancel, a click on the backdrop (Escape too), or once the post is deleted. The post
// leaves the list at once and comes back if the server refuses; the dialog then stays open with
// 'Failed to delete post', which the page's banner shows as well.
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PostView } from "#contracts/feed.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { UiText } from "../../components/form/FormField";
import { feedErrorText, type UiMessage } from "./errors";
import { feedMessages as m } from "./messages";
import { useDeletePost } from "./mutations";

type DeletePostDialogProps = {
  post: PostView;
  onClose: () => void;
  /** Called once the post is gone, before the dialog closes. */
  onDeleted?: (post: PostView) => void;
  /** The failure, for the page's banner. */
  onError?: (text: UiMessage) => void;
};

export function DeletePostDialog({ post, onClose, onDeleted, onError }: DeletePostDialogProps) {
  const remove = useDeletePost();
  const [error, setError] = useState<UiMessage | null>(null);

  const confirm = () => {
    setError(null);
    remove.mutate(post, {
      onSuccess: () => {
        onDeleted?.(post);
        onClose();
      },
      onError: (err) => {
        const text = feedErrorText(err, m.deletePostFailed);
        setError(text);
        onError?.(text);
      },
    });
  };

  return (
    <ConfirmDialog
      title={<FormattedMessage {...m.deleteTitle} />}
      cancelLabel={<FormattedMessage {...m.cancel} />}
      confirmLabel={<FormattedMessage {...m.delete} />}
      busyLabel={<FormattedMessage {...m.deleting} />}
      busy={remove.isPending}
      error={error && <UiText value={error} />}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        <FormattedMessage {...m.deleteConfirm} />
      </p>
    </ConfirmDialog>
  );
}
