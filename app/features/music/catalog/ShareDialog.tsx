// Share a track or an album (docs/features.md#music): the device's own share sheet where the browser has one
// (Web Share API), WhatsApp and Telegram (where most Brazilian fans share), X and Facebook, the
// link to copy, and the embeddable player's <iframe> snippet to copy.
import { useState, type RefObject } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { embedIframeHtml } from "#contracts/embed.ts";
import type { AlbumSummary, TrackView } from "#contracts/music/music.ts";
import { Modal } from "../../../components/Modal";
import { musicMessages } from "./messages";

export const trackShareUrl = (trackId: string, origin = window.location.origin) => `${origin}/music/track/${encodeURIComponent(trackId)}`;
export const albumShareUrl = (albumId: string, origin = window.location.origin) => `${origin}/music/catalog/${encodeURIComponent(albumId)}`;

/** What is shared: a track, or an album (its page at /music/catalog/{id}). */
export type ShareTarget = { kind: "track"; track: TrackView } | { kind: "album"; album: AlbumSummary };

/** `embedTitle` is the title the Worker's oEmbed answer gives the same player, so both snippets match. */
type Shared = { kind: "track" | "album"; id: string; url: string; title: string; text: string; embedTitle: string };

function describe(target: ShareTarget): Shared {
  if (target.kind === "track") {
    const { track } = target;
    const text = `${track.title} · ${track.albumTitle}`;
    return { kind: "track", id: track.id, url: trackShareUrl(track.id), title: track.title, text, embedTitle: text };
  }
  const { album } = target;
  const text = `${album.title} (${album.year})`;
  return { kind: "album", id: album.id, url: albumShareUrl(album.id), title: album.title, text, embedTitle: album.title };
}

/** Share links of the networks, in the order Brazilian and other fans use them most. */
export function shareNetworks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { name: "Telegram", href: `https://t.me/share/url?url=${u}&text=${t}` },
    { name: "X", href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

/** Whether the browser has a share sheet that takes this link (read once, when the dialog opens). */
function nativeShareAvailable(url: string): boolean {
  if (typeof navigator === "undefined" || typeof navigator.share !== "function") return false;
  try {
    return navigator.canShare?.({ url }) !== false;
  } catch {
    return false;
  }
}

type Status = "idle" | "linkCopied" | "linkFailed" | "embedCopied" | "embedFailed" | "shareFailed";

const STATUS_MESSAGES = {
  linkCopied: musicMessages.copied,
  linkFailed: musicMessages.copyFailed,
  embedCopied: musicMessages.embedCopied,
  embedFailed: musicMessages.embedCopyFailed,
  shareFailed: musicMessages.nativeShareFailed,
} as const;

type ShareDialogProps = ShareTarget & {
  onClose: () => void;
  /** Where focus goes when the dialog closes (default: what had it when it opened). */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

export function ShareDialog(props: ShareDialogProps) {
  const { onClose, returnFocusTo } = props;
  const intl = useIntl();
  const shared = describe(props);
  const [status, setStatus] = useState<Status>("idle");
  const [embedShown, setEmbedShown] = useState(false);
  const [canShareNatively] = useState(() => nativeShareAvailable(shared.url));
  const embedCode = embedIframeHtml(window.location.origin, shared.kind, shared.id, shared.embedTitle);

  async function shareNatively() {
    setStatus("idle");
    try {
      await navigator.share({ title: shared.title, text: shared.text, url: shared.url });
    } catch (error) {
      // The person closed the sheet without choosing: nothing went wrong.
      if ((error as { name?: unknown } | null)?.name === "AbortError") return;
      setStatus("shareFailed");
    }
  }

  async function copy(value: string, done: Status, failed: Status) {
    try {
      await navigator.clipboard.writeText(value);
      setStatus(done);
    } catch {
      setStatus(failed);
    }
  }

  function copyEmbed() {
    setEmbedShown(true);
    void copy(embedCode, "embedCopied", "embedFailed");
  }

  const failed = status === "linkFailed" || status === "embedFailed" || status === "shareFailed";
  return (
    <Modal
      title={<FormattedMessage {...(shared.kind === "track" ? musicMessages.shareTitle : musicMessages.shareAlbumTitle)} />}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <p className="share-what">{shared.text}</p>
      {canShareNatively && (
        <button type="button" className="btn btn-primary btn-sm share-native" onClick={() => void shareNatively()}>
          <FormattedMessage {...musicMessages.nativeShare} />
        </button>
      )}
      <label className="field">
        <span className="field-label">
          <FormattedMessage {...(shared.kind === "track" ? musicMessages.shareLink : musicMessages.shareAlbumLink)} />
        </span>
        <input className="input" readOnly value={shared.url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="share-networks">
        {shareNetworks(shared.url, shared.text).map((n) => (
          <a
            key={n.name}
            className="btn btn-ghost btn-sm share-network"
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={intl.formatMessage(musicMessages.shareOn, { network: n.name })}
          >
            {n.name}
          </a>
        ))}
      </div>
      <div className="share-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy(shared.url, "linkCopied", "linkFailed")}>
          <FormattedMessage {...musicMessages.copyLink} />
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={copyEmbed}>
          <FormattedMessage {...musicMessages.copyEmbed} />
        </button>
      </div>
      {embedShown && (
        <label className="field share-embed">
          <span className="field-label">
            <FormattedMessage {...musicMessages.embedCode} />
          </span>
          <textarea readOnly rows={4} value={embedCode} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      <p role="status" className={failed ? "form-error" : "share-copied"}>
        {status !== "idle" && <FormattedMessage {...STATUS_MESSAGES[status]} />}
      </p>
    </Modal>
  );
}
