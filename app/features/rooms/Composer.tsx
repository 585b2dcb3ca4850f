// The room's composer: a labelled text area where Enter sends and Shift+Enter starts a new line,
// with a count of the characters left once the text nears the limit; pictures are attached with
// the button, by pasting or by dropping them (each with its preview, progress and a remove button).
// A reply shows "Replying to <name>" above it, which Escape (or its button) cancels.
import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { ROOM_MESSAGE_MAX } from "#contracts/rooms/limits.ts";
import { roomsMessages as m } from "./messages";
import { usePictureUploads, type AttachedPicture } from "./usePictureUploads";
import type { RoomMessage } from "#contracts/rooms/rooms.ts";
import { threadMessages as t } from "./threadMessages";

/** The counter shows from this many characters left. */
const COUNTER_FROM = 500;

const PICTURE_ERRORS: Record<string, MessageDescriptor> = {
  not_image: m.pictureNotImage,
  too_large: m.pictureTooLarge,
  payload_too_large: m.pictureTooLarge,
  image_dimensions: m.pictureDimensions,
  room_muted: m.pictureMuted,
  room_archived: m.pictureArchived,
};
const pictureErrorText = (code: string): MessageDescriptor => PICTURE_ERRORS[code] ?? m.pictureFailed;

type Props = {
  roomId: string;
  onSend: (text: string, pictureIds: string[], replyTo?: number) => void;
  disabled: boolean;
  /** The message this one answers, if the member chose Reply. */
  replyingTo?: RoomMessage | null;
  onCancelReply?: () => void;
};

export function Composer({ roomId, onSend, disabled, replyingTo = null, onCancelReply }: Props) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply puts the cursor where the reply is written.
  useEffect(() => {
    if (replyingTo) area.current?.focus();
  }, [replyingTo]);
  const { pictures, attach, remove, clear, ready, full } = usePictureUploads(roomId);
  const left = ROOM_MESSAGE_MAX - text.length;
  const failed = pictures.some((p) => p.error !== null);
  const canSend = !disabled && (text.trim() !== "" || pictures.length > 0) && left >= 0 && ready && !failed;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(
      text,
      pictures.map((p) => p.pictureId!),
      replyingTo?.seq,
    );
    setText("");
    clear();
    onCancelReply?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape" && replyingTo) {
      event.preventDefault();
      onCancelReply?.();
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onPaste = (event: ClipboardEvent) => {
    if (event.clipboardData.files.length === 0) return;
    event.preventDefault();
    attach(event.clipboardData.files);
  };
  const onDrop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    attach(event.dataTransfer.files);
  };

  return (
    <form className="room-composer" onSubmit={submit} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      {replyingTo && (
        <p className="room-replying" id={`${id}-reply`}>
          <span>{intl.formatMessage(t.replyingTo, { name: replyingTo.username })}</span>{" "}
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancelReply}>
            {intl.formatMessage(t.cancelReply)}
          </button>
        </p>
      )}
      <label htmlFor={`${id}-text`}>{intl.formatMessage(m.composerLabel)}</label>
      <textarea
        id={`${id}-text`}
        ref={area}
        rows={2}
        value={text}
        aria-describedby={`${replyingTo ? `${id}-reply ` : ""}${id}-hint ${id}-count`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {pictures.length > 0 && (
        <ul className="room-attached" aria-label={intl.formatMessage(m.attachedPictures)}>
          {pictures.map((picture) => (
            <AttachedPictureItem key={picture.key} picture={picture} onRemove={() => remove(picture.key)} />
          ))}
        </ul>
      )}
      <p className="room-composer-foot">
        <span id={`${id}-hint`} className="muted">
          {intl.formatMessage(m.composerHint)}
        </span>
        <span id={`${id}-count`} className={left < 0 ? "field-error" : "muted"} aria-live="polite">
          {left <= COUNTER_FROM && (left >= 0 ? intl.formatMessage(m.charactersLeft, { count: left }) : intl.formatMessage(m.charactersOver, { count: -left }))}
        </span>
        <input
          ref={fileInput}
          id={`${id}-pictures`}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          hidden
          onChange={(e) => {
            if (e.target.files) attach(e.target.files);
            e.target.value = "";
          }}
        />
        <button type="button" className="btn btn-ghost" disabled={disabled || full} onClick={() => fileInput.current?.click()}>
          {intl.formatMessage(m.attachPicture)}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!canSend}>
          {intl.formatMessage(m.send)}
        </button>
      </p>
    </form>
  );
}

function AttachedPictureItem({ picture, onRemove }: { picture: AttachedPicture; onRemove: () => void }) {
  const intl = useIntl();
  return (
    <li className="room-attached-item">
      <img src={picture.previewUrl} alt={picture.name} width={64} height={64} />
      {picture.error ? (
        <span className="field-error" role="alert">
          {intl.formatMessage(pictureErrorText(picture.error))}
        </span>
      ) : picture.pictureId === null ? (
        <span className="muted" role="status">
          <progress max={1} value={picture.progress} aria-label={intl.formatMessage(m.pictureUploading)} />{" "}
          {intl.formatMessage(m.pictureProgress, { percent: Math.round(picture.progress * 100) })}
        </span>
      ) : null}
      <button type="button" className="btn btn-ghost btn-sm" aria-label={intl.formatMessage(m.removePicture)} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
