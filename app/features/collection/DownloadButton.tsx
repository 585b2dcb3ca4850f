// One format's download: a plain link to the signed zip (the browser downloads it, resumably, with
// no script), its size beside the format. A link about to expire (a page left open a day) is
// renewed first (POST …/links), then followed. A link whose size is not known (a file of the
// release was not in storage when the page was read: just after a fresh start, or lost) is asked
// first with HEAD: while the Worker says it is being prepared (503, Retry-After), the button says
// so and asks again after the time it gave, then follows the link once it is ready.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { CollectionRelease, DownloadLink } from "#contracts/store/collection.ts";
import { serverErrorText, type UiMessage } from "../../lib/forms/errorText";
import { UiText } from "../../components/form/FormField";
import { COLLECTION_TEXTS } from "./errors";
import { collectionMessages as m } from "./messages";
import { useRenewLink } from "./queries";
import { formatSize } from "../../lib/fileSize";

const FORMAT_NAMES = { mp3: "MP3", wav: "WAV", flac: "FLAC" } as const;
/** A link is renewed when it has less than this left. */
const RENEW_BEFORE_MS = 60_000;
/** How long to wait before asking again when the Worker names no time. */
const DEFAULT_RETRY_S = 10;

export function DownloadButton({ release, link, now = Date.now }: { release: CollectionRelease; link: DownloadLink; now?: () => number }) {
  const intl = useIntl();
  const renew = useRenewLink();
  const format = FORMAT_NAMES[link.format];
  const shown = link.bytes === null ? format : intl.formatMessage(m.downloadFormat, { format, size: formatSize(intl, link.bytes) });
  const failed: UiMessage | null = renew.error ? (serverErrorText(renew.error, COLLECTION_TEXTS) ?? { message: m.renewFailed }) : null;
  const [preparing, setPreparing] = useState(false);
  // What the link shows is the start of its name, so a voice command that reads it finds it.
  const label = renew.isPending ? intl.formatMessage(m.renewing) : preparing ? intl.formatMessage(m.preparing) : shown;
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  /** Follows the link once the Worker no longer says it is being prepared. */
  const followWhenReady = async (url: string) => {
    const res = await fetch(url, { method: "HEAD" }).catch(() => null);
    if (res?.status === 503) {
      setPreparing(true);
      const seconds = Number(res.headers.get("retry-after")) || DEFAULT_RETRY_S;
      retry.current = setTimeout(() => void followWhenReady(url), Math.max(1, seconds) * 1000);
      return;
    }
    setPreparing(false);
    // Any other answer is the link's to give: a refused one lands back here with its reason.
    window.location.assign(url);
  };
  const follow = (target: DownloadLink) => (target.bytes === null ? void followWhenReady(target.url) : window.location.assign(target.url));

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (preparing) return event.preventDefault();
    const fresh = Date.parse(link.expiresAt) - now() > RENEW_BEFORE_MS;
    if (fresh && link.bytes !== null) return;
    event.preventDefault();
    if (fresh) return follow(link);
    renew.mutate({ entitlementId: release.entitlementId, format: link.format }, { onSuccess: ({ link: renewed }) => follow(renewed) });
  };

  return (
    <span className="collection-download">
      <a
        className="btn btn-ghost btn-sm"
        href={link.url}
        download
        aria-label={intl.formatMessage(m.downloadNamed, { title: release.title, label })}
        aria-disabled={renew.isPending || preparing || undefined}
        onClick={onClick}
      >
        {label}
      </a>
      <span className="muted" role="status">
        {preparing ? intl.formatMessage(m.preparingHint) : null}
      </span>
      {failed && (
        <span className="field-error" role="alert">
          <UiText value={failed} />
        </span>
      )}
    </span>
  );
}
