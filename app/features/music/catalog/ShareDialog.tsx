// Share a track: two social networks and a copy-link action (spec 2.5).
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { TrackView } from "../../../../worker/contracts/music";
import { Modal } from "../../../components/Modal";
import { musicMessages } from "./messages";

export const trackShareUrl = (trackId: string, origin = window.location.origin) => `${origin}/music/track/${encodeURIComponent(trackId)}`;

export function ShareDialog({ track, onClose }: { track: TrackView; onClose: () => void }) {
  const intl = useIntl();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const url = trackShareUrl(track.id);
  const text = `${track.title} · ${track.albumTitle}`;
  const networks = [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { name: "X", href: `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}` },
  ];

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <Modal title={<FormattedMessage {...musicMessages.shareTitle} />} onClose={onClose}>
      <p className="share-what">{text}</p>
      <label className="field">
        <span className="field-label">
          <FormattedMessage {...musicMessages.shareLink} />
        </span>
        <input className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="share-actions">
        {networks.map((n) => (
          <a key={n.name} className="btn btn-ghost btn-sm" href={n.href} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(musicMessages.shareOn, { network: n.name })}
          </a>
        ))}
        <button type="button" className="btn btn-primary btn-sm" onClick={copyLink}>
          <FormattedMessage {...musicMessages.copyLink} />
        </button>
      </div>
      <p role="status" className={copy === "failed" ? "form-error" : "share-copied"}>
        {copy === "copied" && <FormattedMessage {...musicMessages.copied} />}
        {copy === "failed" && <FormattedMessage {...musicMessages.copyFailed} />}
      </p>
    </Modal>
  );
}
