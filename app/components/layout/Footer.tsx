// Site footer (spec 2.2): description, quick links, contact, the two social networks, rights and
// copyright (2025) and the legal + VIP links. Hidden on /admin (see __root.tsx).
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { EXTERNAL_LINK } from "../../features/shell/popups";
import { useSiteConfig } from "../../features/shell/useSession";
import { navMessages } from "./navMessages";

/** Fixed by the spec (section 9), not the current year; passed as text so it is not formatted as 2,025. */
const COPYRIGHT_YEAR = 2025;

export function Footer() {
  const intl = useIntl();
  const config = useSiteConfig();
  const brand = config?.brandName ?? "";

  return (
    <footer className="site-footer">
      <div className="site-footer-grid">
        <section className="footer-about" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="footer-brand">
            {brand}
          </h2>
          <p className="muted">
            <FormattedMessage
              id="footer.description"
              defaultMessage="The official fan community of the artist: freestyle and dance music, radio, TV, events and VIP membership."
            />
          </p>
        </section>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            <FormattedMessage id="footer.quickLinks" defaultMessage="Quick Links" />
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/music">
                <FormattedMessage id="footer.link.music" defaultMessage="Music" />
              </Link>
            </li>
            <li>
              <Link to="/events">
                <FormattedMessage id="footer.link.events" defaultMessage="Events" />
              </Link>
            </li>
            <li>
              <Link to="/tv">
                <FormattedMessage id="footer.link.tv" defaultMessage="TV" />
              </Link>
            </li>
            <li>
              <Link to="/radio">
                <FormattedMessage id="footer.link.radio" defaultMessage="Radio" />
              </Link>
            </li>
            <li>
              <Link to="/social">
                <FormattedMessage id="footer.link.social" defaultMessage="Social" />
              </Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            <FormattedMessage id="footer.contact" defaultMessage="Contact" />
          </h2>
          <ul className="footer-list">
            {config?.infoEmail && (
              <li>
                <span className="sr-only">
                  <FormattedMessage id="footer.email" defaultMessage="E-mail:" />{" "}
                </span>
                <a href={`mailto:${config.infoEmail}`}>{config.infoEmail}</a>
              </li>
            )}
            <li>
              <span className="sr-only">
                <FormattedMessage id="footer.locationLabel" defaultMessage="Location:" />{" "}
              </span>
              <FormattedMessage id="footer.location" defaultMessage="Global" />
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="footer-heading">
            <FormattedMessage id="footer.follow" defaultMessage="Follow" />
          </h2>
          {config && (
            <ul className="footer-social">
              <li>
                <a href={config.socialUrls.facebook} {...EXTERNAL_LINK} className="social-link">
                  <span aria-hidden="true" className="social-icon">
                    f
                  </span>
                  <FormattedMessage id="footer.social.facebook" defaultMessage="Facebook" />
                  <span className="sr-only"> {intl.formatMessage(navMessages.opensNewTab)}</span>
                </a>
              </li>
              <li>
                <a href={config.socialUrls.instagram} {...EXTERNAL_LINK} className="social-link">
                  <span aria-hidden="true" className="social-icon">
                    ◎
                  </span>
                  <FormattedMessage id="footer.social.instagram" defaultMessage="Instagram" />
                  <span className="sr-only"> {intl.formatMessage(navMessages.opensNewTab)}</span>
                </a>
              </li>
            </ul>
          )}
        </section>
      </div>

      <div className="site-footer-bottom">
        <p className="muted">
          <FormattedMessage id="footer.copyright" defaultMessage="© {year} {brand}." values={{ year: String(COPYRIGHT_YEAR), brand }} />{" "}
          <FormattedMessage id="footer.rights" defaultMessage="All rights reserved." />
        </p>
        <ul className="footer-legal">
          <li>
            <Link to="/privacy">
              <FormattedMessage id="footer.privacy" defaultMessage="Privacy Policy" />
            </Link>
          </li>
          <li>
            <Link to="/terms">
              <FormattedMessage id="footer.terms" defaultMessage="Terms of Service" />
            </Link>
          </li>
          <li>
            <Link to="/copyright">
              <FormattedMessage id="footer.copyrightNotice" defaultMessage="Copyright Notice" />
            </Link>
          </li>
          <li>
            <Link to="/vip-signup">
              <FormattedMessage id="footer.vipSignup" defaultMessage="VIP Signup" />
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
