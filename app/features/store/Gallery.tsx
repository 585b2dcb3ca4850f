// A product's pictures: the one shown large, and a row of thumbnails to choose another. The
// thumbnails are buttons (Tab, Enter); the arrow keys anywhere in the gallery show the previous or
// next picture, Home and End the first and last.
import { useState, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicProductImage } from "#contracts/store/store.ts";
import { storeMessages as m } from "./messages";

export function Gallery({ pictures, title }: { pictures: PublicProductImage[]; title: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(0);
  if (pictures.length === 0) return <div className="store-gallery store-gallery-empty" aria-hidden="true" />;
  const current = pictures[Math.min(shown, pictures.length - 1)]!;
  const many = pictures.length > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const last = pictures.length - 1;
    const next = { ArrowRight: shown + 1, ArrowLeft: shown - 1, Home: 0, End: last }[event.key];
    if (next === undefined || !many) return;
    event.preventDefault();
    const to = (next + pictures.length) % pictures.length;
    setShown(to);
    // Focus follows the picture shown, so the next key press moves on from there.
    event.currentTarget.querySelectorAll<HTMLButtonElement>(".store-thumb")[to]?.focus();
  };

  return (
    <section className="store-gallery" aria-label={intl.formatMessage(m.gallery, { title })} onKeyDown={onKeyDown}>
      <figure className="store-gallery-main">
        <img src={current.url} alt={current.alt ?? title} width={800} height={800} fetchPriority="high" />
      </figure>
      {many && (
        <>
          <p className="sr-only">
            <FormattedMessage {...m.galleryHint} />
          </p>
          <ul className="store-thumbs">
            {pictures.map((picture, index) => (
              <li key={picture.url}>
                <button
                  type="button"
                  className="store-thumb"
                  aria-label={intl.formatMessage(m.picture, { n: index + 1, count: pictures.length })}
                  aria-pressed={index === shown}
                  tabIndex={index === shown ? 0 : -1}
                  onClick={() => setShown(index)}
                >
                  <img src={picture.url} alt="" width={96} height={96} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
