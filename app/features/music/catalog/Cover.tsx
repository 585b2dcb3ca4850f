import { useIntl } from "react-intl";
import { musicMessages } from "./messages";

/**
 * An album cover at a fixed size (space reserved, so nothing shifts while it loads). Covers are
 * square PNGs; a release without one shows the default artwork drawn in CSS, sized by a class
 * (an inline style is refused by the pages' HTML check and by a strict style policy).
 */
export function Cover({ url, title, size, eager = false }: { url: string | null; title: string; size: 300 | 400 | 64 | 48; eager?: boolean }) {
  const intl = useIntl();
  if (!url) return <div className={`cover cover-default cover-${size}`} role="img" aria-label={intl.formatMessage(musicMessages.coverAlt, { title })} />;
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
