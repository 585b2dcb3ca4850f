import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useSiteConfig } from "../../lib/session/useSession";
import { Icon } from "../../components/Icon";

/**
 * Contact cards (e-mail, 'Global'), the contact form (`form`, from the contact feature; the page
 * puts it in), and the legal and support lines (docs/features.md#landing-page).
 */
export function ContactSection({ form }: { form: ReactNode }) {
  const config = useSiteConfig();
  const email = config?.supportEmail;
  return (
    <section id="contact" className="landing-section section-alt" aria-labelledby="contact-title">
      <header className="section-head">
        <h2 id="contact-title">
          <FormattedMessage id="home.contact.title" defaultMessage="Contact" />
        </h2>
        <p className="section-intro">
          <FormattedMessage id="home.contact.intro" defaultMessage="Questions about membership, events or the site? Get in touch." />
        </p>
      </header>
      <div className="grid grid-2">
        <div className="card contact-card">
          <Icon name="mail" size={32} className="contact-icon" />
          <h3>
            <FormattedMessage id="home.contact.email" defaultMessage="E-mail" />
          </h3>
          {email && <a href={`mailto:${email}`}>{email}</a>}
        </div>
        <div className="card contact-card">
          <Icon name="globe" size={32} className="contact-icon" />
          <h3>
            <FormattedMessage id="home.contact.location" defaultMessage="Location" />
          </h3>
          <p>
            <FormattedMessage id="home.contact.global" defaultMessage="Global" />
          </p>
        </div>
      </div>
      {form}
      <div className="contact-notes muted">
        <p>
          <FormattedMessage
            id="home.contact.legal"
            defaultMessage="By using this site you agree to our <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>."
            values={{
              terms: (chunks) => <Link to="/terms">{chunks}</Link>,
              privacy: (chunks) => <Link to="/privacy">{chunks}</Link>,
            }}
          />
        </p>
        {email && (
          <p>
            <FormattedMessage
              id="home.contact.support"
              defaultMessage="For support, write to <email>{address}</email>."
              values={{ address: email, email: (chunks) => <a href={`mailto:${email}`}>{chunks}</a> }}
            />
          </p>
        )}
      </div>
    </section>
  );
}
