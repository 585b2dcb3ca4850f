import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { Lightbox } from "../../components/Lightbox";
import { EVENTS_BANNER } from "#contracts/site.ts";

/** The tour poster (EVENTS_BANNER) and the promo video: generated offline (scripts/lib/demo-site-media.mjs). */
const BANNER = EVENTS_BANNER;
export const PROMO_VIDEO = { src: "/media/site/promo.mp4", poster: "/media/site/promo-poster.jpg", width: 640, height: 360 };
/** How far below the viewport the promo starts to load: about a screen's scroll ahead. */
const PROMO_ROOT_MARGIN = "200px";

const m = defineMessages({
  bannerAlt: {
    id: "home.events.banner.alt",
    defaultMessage: "Tour poster: the artist on a neon-lit stage, one arm raised to a cheering crowd, under the words Live on Tour",
  },
  bannerOpen: { id: "home.events.banner.open", defaultMessage: "View the tour poster full screen" },
  bannerTitle: { id: "home.events.banner.title", defaultMessage: "Live on tour" },
  close: { id: "home.events.banner.close", defaultMessage: "Close" },
  all: { id: "home.events.all", defaultMessage: "See all events" },
});

/**
 * True once `ref`'s element has come within `rootMargin` of the viewport (and from then on).
 * Without IntersectionObserver it is true once mounted.
 */
function useNearViewport<T extends Element>(rootMargin: string) {
  const ref = useRef<T>(null);
  // False on the first render, the server's included: the page hydrates what the server sent.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      const frame = requestAnimationFrame(() => setNear(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${rootMargin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [ref, near] as const;
}

/** The tour poster as a button; it opens full screen in a lightbox. */
function EventsBanner() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const alt = intl.formatMessage(m.bannerAlt);
  return (
    <>
      <button ref={buttonRef} type="button" className="events-banner" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <img
          srcSet={BANNER.srcSet}
          sizes="(min-width: 1180px) 1148px, calc(100vw - 2rem)"
          src={BANNER.src}
          width={BANNER.width}
          height={BANNER.height}
          alt={alt}
          loading="lazy"
          decoding="async"
        />
        <span className="events-banner-hint">
          <FormattedMessage {...m.bannerOpen} />
        </span>
      </button>
      {open && (
        <Lightbox
          title={<FormattedMessage {...m.bannerTitle} />}
          closeLabel={intl.formatMessage(m.close)}
          onClose={() => setOpen(false)}
          returnFocusTo={buttonRef}
          footer={
            <Link to="/events" className="btn btn-ghost btn-sm">
              <FormattedMessage {...m.all} />
            </Link>
          }
        >
          <img className="lightbox-image" src={BANNER.src} width={BANNER.width} height={BANNER.height} alt={alt} />
        </Lightbox>
      )}
    </>
  );
}

/**
 * The promo video: controls, nothing loaded until it comes near the viewport (then its poster
 * shows; the video itself loads when the visitor presses play). Until then an empty frame of the
 * same size holds its place: the browser builds a video's controls (their styles and icons) as
 * soon as the element exists, work the first paint of the page need not wait for.
 */
function PromoVideo() {
  const [ref, near] = useNearViewport<HTMLElement>(PROMO_ROOT_MARGIN);
  return (
    <figure ref={ref} className="promo-video">
      <h3 id="promo-title">
        <FormattedMessage id="home.events.promo.title" defaultMessage="Watch the promo" />
      </h3>
      {near ? (
        <video
          controls
          preload="none"
          playsInline
          width={PROMO_VIDEO.width}
          height={PROMO_VIDEO.height}
          poster={PROMO_VIDEO.poster}
          src={PROMO_VIDEO.src}
          aria-labelledby="promo-title"
          aria-describedby="promo-caption"
        >
          <FormattedMessage id="home.events.promo.unsupported" defaultMessage="Your browser cannot play this video." />
        </video>
      ) : (
        <div className="promo-video-frame" />
      )}
      <figcaption id="promo-caption" className="muted">
        <FormattedMessage
          id="home.events.promo.caption"
          defaultMessage="A taste of the live show: the sound of freestyle, from the clubs of New York to arenas around the world."
        />
      </figcaption>
    </figure>
  );
}

/**
 * The events section of docs/features.md#landing-page: the tour poster, the published events (`list`, which the events feature
 * draws; the page puts it in), the promo video.
 */
export function EventsSection({ list }: { list: ReactNode }) {
  return (
    <section id="events" className="landing-section section-alt" aria-labelledby="events-title">
      <header className="section-head">
        <h2 id="events-title">
          <FormattedMessage id="home.events.title" defaultMessage="Upcoming Events" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.events.intro" defaultMessage="Concerts, meet-and-greets and festival dates are announced here first." />
        </p>
      </header>
      <EventsBanner />
      {list}
      <p className="section-actions">
        <Link to="/events" className="btn btn-ghost">
          <FormattedMessage {...m.all} />
        </Link>
      </p>
      <PromoVideo />
    </section>
  );
}
