import { useIntl } from "react-intl";
import { musicMessages } from "./messages";

/**
 * An album cover at a fixed size (space reserved, so nothing shifts while it loads). Covers are
 * square PNGs; a release without one shows the default artwork drawn in CSS.
 */
export function Cover({ url, title, size, eager = false }: { url: string | null; title: string; size: 300 | 400 | 64 | 48; eager?: boolean }) {
  const intl = useIntl();
  if (!url)
    return (
      <div
        className="cover cover-default"
        style={{ width: size, height: size }}
        role="img"
        aria-label={intl.formatMessage(musicMessages.coverAlt, { title })}
      />
    );
  return (
    <img
      className="cover"
      src={url}
      width={size}
      height={size}
      alt={intl.formatMessage(musicMessages.coverAlt, { title })}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
