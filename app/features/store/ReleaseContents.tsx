// A digital product's download before purchase, as the collection shows it after: the tracks in
// order with their lengths, and each format with the zip's size ("MP3 · 41.2 MB"). Nothing while it
// loads or when it cannot be read: the page still sells the release.
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicProduct } from "#contracts/store/store.ts";
import { storeMessages as m } from "./messages";
import { productContentsQueryOptions } from "./queries";
import { formatSize } from "../../lib/fileSize";

const FORMAT_NAMES = { mp3: "MP3", wav: "WAV", flac: "FLAC" } as const;

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function ReleaseContents({ product }: { product: PublicProduct }) {
  const intl = useIntl();
  const digital = product.kind === "digital" && product.release !== null;
  const query = useQuery({ ...productContentsQueryOptions(product.slug, intl.locale), enabled: digital });
  if (!digital || !query.data || query.data.tracks.length === 0) return null;
  const { tracks, formats } = query.data;
  return (
    <section className="store-contents" aria-labelledby="store-contents-title">
      <h2 id="store-contents-title">
        <FormattedMessage {...m.contentsTitle} />
      </h2>
      <h3>
        <FormattedMessage {...m.contentsTracks} />
      </h3>
      <ol className="store-contents-tracks">
        {tracks.map((track) => (
          <li key={track.number} value={track.number}>
            <FormattedMessage {...m.contentsTrack} values={{ title: track.title, duration: duration(track.durationSeconds) }} />
          </li>
        ))}
      </ol>
      {formats.length > 0 && (
        <>
          <h3>
            <FormattedMessage {...m.contentsFormats} />
          </h3>
          <ul className="store-contents-formats">
            {formats.map(({ format, bytes }) => (
              <li key={format}>
                {bytes === null ? FORMAT_NAMES[format] : intl.formatMessage(m.contentsFormat, { format: FORMAT_NAMES[format], size: formatSize(intl, bytes) })}
              </li>
            ))}
          </ul>
          <p className="muted">
            <FormattedMessage {...m.contentsZip} />
          </p>
        </>
      )}
    </section>
  );
}
