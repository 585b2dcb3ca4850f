// One format's download: a plain link to the signed zip (the browser downloads it, resumably, with
// no script), its size beside the format. A link about to expire (a page left open a day) is
// renewed first (POST …/links), then followed.
import { useIntl, type IntlShape } from "react-intl";
import type { CollectionRelease, DownloadLink } from "../../../worker/contracts/store-collection";
import { serverErrorText, type UiMessage } from "../../lib/forms/errorText";
import { UiText } from "../../components/form/FormField";
import { COLLECTION_TEXTS } from "./errors";
import { collectionMessages as m } from "./messages";
import { useRenewLink } from "./queries";

const FORMAT_NAMES = { mp3: "MP3", wav: "WAV", flac: "FLAC" } as const;
/** A link is renewed when it has less than this left. */
const RENEW_BEFORE_MS = 60_000;

/** "12.3 MB", "840 kB" in the page's language. */
export function formatSize(intl: IntlShape, bytes: number): string {
  const big = bytes >= 1_000_000;
  return intl.formatNumber(big ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1_000)), {
    style: "unit",
    unit: big ? "megabyte" : "kilobyte",
    unitDisplay: "short",
    maximumFractionDigits: big ? 1 : 0,
  });
}

export function DownloadButton({ release, link, now = Date.now }: { release: CollectionRelease; link: DownloadLink; now?: () => number }) {
  const intl = useIntl();
  const renew = useRenewLink();
  const format = FORMAT_NAMES[link.format];
  const shown = link.bytes === null ? format : intl.formatMessage(m.downloadFormat, { format, size: formatSize(intl, link.bytes) });
  const label = renew.isPending ? intl.formatMessage(m.renewing) : shown;
  const failed: UiMessage | null = renew.error ? (serverErrorText(renew.error, COLLECTION_TEXTS) ?? { message: m.renewFailed }) : null;

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (Date.parse(link.expiresAt) - now() > RENEW_BEFORE_MS) return;
    event.preventDefault();
    renew.mutate({ entitlementId: release.entitlementId, format: link.format }, { onSuccess: ({ link: fresh }) => window.location.assign(fresh.url) });
  };

  return (
    <span className="collection-download">
      <a
        className="btn btn-ghost btn-sm"
        href={link.url}
        download
        aria-label={intl.formatMessage(m.downloadNamed, { title: release.title, label })}
        aria-disabled={renew.isPending || undefined}
        onClick={onClick}
      >
        {label}
      </a>
      {failed && (
        <span className="field-error" role="alert">
          <UiText value={failed} />
        </span>
      )}
    </span>
  );
}
