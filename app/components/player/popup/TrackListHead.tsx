// A track list's heading with its track count beside it: the music popup's Master Playlist (when
// it has no tabs) and the radio popup's Featured Tracks. Each brings its texts and its class
// (mp-list-head, rp-featured-head: popup.css lays both out alike).
import type { ReactNode } from "react";

export function TrackListHead({ className, headingId, heading, count }: { className: string; headingId: string; heading: ReactNode; count: ReactNode }) {
  return (
    <div className={className}>
      <h2 id={headingId}>{heading}</h2>
      <span className="muted">{count}</span>
    </div>
  );
}
