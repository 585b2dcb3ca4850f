// 'Delete Post' (spec 2.7, 4): the confirmation, Cancel and Delete ('Deleting...' while busy).
// Closes on Cancel, a click on the backdrop (Escape too), or once the post is deleted. The post
// leaves the list at once and comes back if the server refuses; the dialog then stays open with
// 'Failed to delete post', which the page's banner shows as well.
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import type { PostView } from "../../../worker/contracts/feed";
import { Modal } from "../../components/Modal";
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

  const footer = (
    <>
      {error && (
        <div className="error-banner" role="alert">
          <UiText value={error} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={remove.isPending}>
          <FormattedMessage {...(remove.isPending ? m.deleting : m.delete)} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...m.deleteTitle} />} onClose={onClose} footer={footer}>
      <p>
        <FormattedMessage {...m.deleteConfirm} />
      </p>
    </Modal>
  );
}
