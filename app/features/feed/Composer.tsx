// The post composer (docs/features.md#social-feed): a labelled text box (at least 100 px high) with a character
// counter, an optional image (images only, checked here for type and the 5 MB cap, previewed and
// removable before posting), who can read it (Members unless the author picks Public; admins may
// also pick paid tiers only, "this tier and above" or chosen tiers, post as the artist and pin
// that post), and Post, which reads 'Posting...'
// while busy and is disabled while the text is empty. The image is uploaded first, with its
// progress shown; then the post is sent. The choices go back to Members after each post, so a
// public post is always chosen on purpose. The Worker checks who may choose what.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { POST_MAX, type PostVisibility } from "#contracts/feed.ts";
import { useSessionUser } from "../../lib/session/useSession";
import { FilePickerField } from "../../components/FilePickerField";
import { UiText } from "../../components/form/FormField";
import { checkPostImage, feedErrorText, ImageUploadError, textLength, uploadErrorText, type UiMessage } from "./errors";
import { postTooLongMessage } from "../../lib/forms/messages";
import { counterMessage, feedMessages as m, officialAsMessage, uploadingMessage, visibilityMessages } from "./messages";
import { useCreatePost } from "./mutations";
import { MentionTextarea } from "./MentionTextarea";
import { artistNameQueryOptions } from "./queries";
import "./feed.css";
import { useChosenFile } from "../../lib/useChosenFile";
import { TierGateField } from "../../components/form/TierGateField";
import { tierChoicesQueryOptions } from "../../lib/tiers/tierGate";
import type { TierGate } from "#contracts/tiers/gate.ts";

const VIP_AND_ABOVE: TierGate = { minTier: "vip" };

type ComposerProps = {
  /** A failure of the post itself, for the page's red banner (null clears it). */
  onError: (text: UiMessage | null) => void;
};

const MEMBER_CHOICES: PostVisibility[] = ["members", "public"];
const ADMIN_CHOICES: PostVisibility[] = ["members", "public", "vip"];

export function Composer({ onError }: ComposerProps) {
  const intl = useIntl();
  const id = useId();
  const create = useCreatePost();
  const isAdmin = useSessionUser().user?.isAdmin ?? false;
  const artistName = useQuery({ ...artistNameQueryOptions(), enabled: isAdmin }).data;
  const [content, setContent] = useState("");
  const [visibility, setVisibility] = useState<PostVisibility>("members");
  const [tiers, setTiers] = useState<TierGate>(VIP_AND_ABOVE);
  const tierChoices = useQuery({ ...tierChoicesQueryOptions(), enabled: isAdmin && visibility === "vip" }).data?.tiers;
  const [official, setOfficial] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [image, chooseImage] = useChosenFile();
  const [imageError, setImageError] = useState<UiMessage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const length = textLength(content);
  const tooLong = length > POST_MAX;
  const busy = create.isPending;
  const canPost = length > 0 && !tooLong && !busy;

  const fileInput = () => formRef.current?.querySelector<HTMLInputElement>("input[type='file']") ?? null;
  const clearFileInput = () => {
    const input = fileInput();
    if (input) input.value = "";
  };

  const onPickImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const problem = file ? checkPostImage(file) : undefined;
    setImageError(problem ?? null);
    if (problem) e.target.value = ""; // refused outright, so a bad file is never uploaded by mistake
    chooseImage(problem ? null : file);
  };

  const removeImage = () => {
    chooseImage(null);
    setImageError(null);
    clearFileInput();
    fileInput()?.focus();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!canPost) return;
    onError(null);
    setImageError(null);
    setProgress(image ? 0 : null);
    create.mutate(
      { content, image: image?.file ?? null, onProgress: setProgress, visibility, tiers, official: isAdmin && official, pinned: isAdmin && official && pinned },
      {
        onSuccess: () => {
          setContent("");
          chooseImage(null);
          clearFileInput();
          setVisibility("members");
          setTiers(VIP_AND_ABOVE);
          setOfficial(false);
          setPinned(false);
        },
        onError: (error) => {
          // The image's own problems belong next to the picker; the post's go to the page banner.
          if (error instanceof ImageUploadError) setImageError(uploadErrorText(error.cause));
          else onError(feedErrorText(error, m.createPostFailed));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <form ref={formRef} className="card feed-composer" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-content`}>
          <FormattedMessage {...m.composerLabel} />
        </label>
        <MentionTextarea
          id={`${id}-content`}
          name="content"
          className="feed-composer-text"
          rows={4}
          value={content}
          readOnly={busy}
          placeholder={intl.formatMessage(m.composerPlaceholder)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
          onValueChange={setContent}
        />
        <p id={`${id}-count`} className={tooLong ? "feed-counter field-error" : "feed-counter muted"}>
          {tooLong ? (
            <FormattedMessage {...postTooLongMessage} values={{ max: POST_MAX }} />
          ) : (
            <FormattedMessage {...counterMessage} values={{ count: length, max: POST_MAX }} />
          )}
        </p>
      </div>

      <FilePickerField
        label={<FormattedMessage {...m.imageLabel} />}
        buttonLabel={<FormattedMessage {...m.imageChoose} />}
        emptyText={<FormattedMessage {...m.imageNone} />}
        fileName={image?.file.name ?? null}
        name="image"
        accept="image/*"
        disabled={busy}
        onChange={onPickImage}
        hint={<FormattedMessage {...m.imageHint} />}
        error={imageError && <UiText value={imageError} />}
      />

      {image && (
        <div className="feed-composer-preview">
          <img src={image.previewUrl} alt={intl.formatMessage(m.imagePreviewAlt)} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={removeImage} disabled={busy}>
            <FormattedMessage {...m.imageRemove} />
          </button>
        </div>
      )}

      <div className="field feed-composer-visibility">
        <label htmlFor={`${id}-visibility`}>
          <FormattedMessage {...m.visibilityLabel} />
        </label>
        <select
          id={`${id}-visibility`}
          name="visibility"
          value={visibility}
          disabled={busy}
          aria-describedby={`${id}-visibility-hint`}
          onChange={(e) => setVisibility(e.target.value as PostVisibility)}
        >
          {(isAdmin ? ADMIN_CHOICES : MEMBER_CHOICES).map((choice) => (
            <option key={choice} value={choice}>
              {intl.formatMessage(visibilityMessages[choice])}
            </option>
          ))}
        </select>
        <p id={`${id}-visibility-hint`} className="field-hint">
          <FormattedMessage {...m.visibilityHint} />
        </p>
      </div>

      {isAdmin && visibility === "vip" && tierChoices && <TierGateField tiers={tierChoices} value={tiers} onChange={setTiers} disabled={busy} />}

      {isAdmin && (
        <div className="feed-composer-official">
          <label>
            <input
              type="checkbox"
              name="official"
              checked={official}
              disabled={busy}
              onChange={(e) => {
                setOfficial(e.target.checked);
                if (!e.target.checked) setPinned(false);
              }}
            />{" "}
            {artistName ? <FormattedMessage {...officialAsMessage} values={{ artist: artistName }} /> : <FormattedMessage {...m.officialPlain} />}
          </label>
          {/* Only an official post can be pinned. */}
          <label>
            <input type="checkbox" name="pinned" checked={pinned} disabled={busy || !official} onChange={(e) => setPinned(e.target.checked)} />{" "}
            <FormattedMessage {...m.pinOnCreate} />
          </label>
        </div>
      )}

      {percent !== null && (
        <div className="feed-upload" role="status">
          <label htmlFor={`${id}-progress`}>
            <FormattedMessage {...uploadingMessage} values={{ percent }} />
          </label>
          <progress id={`${id}-progress`} max={100} value={percent} />
        </div>
      )}

      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!canPost}>
          <FormattedMessage {...(busy ? m.posting : m.post)} />
        </button>
      </div>
    </form>
  );
}
