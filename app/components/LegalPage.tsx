// Shared frame for Privacy, Terms and Copyright: title, "Last updated" (the current date, as the
// spec says), then headed sections. Values {brand}, {email} and {price} come from the settings.
import type { ReactNode } from "react";
import { FormattedDate, FormattedMessage, type MessageDescriptor } from "react-intl";
import { VipPriceAmount } from "../features/shell/VipPrice";
import { useSiteConfig } from "../features/shell/useSession";
import { PageFrame } from "./PageFrame";

export type LegalSection = { key: string; heading: MessageDescriptor; body: MessageDescriptor };

export function LegalPage({ title, sections }: { title: ReactNode; sections: readonly LegalSection[] }) {
  const config = useSiteConfig();
  const email = config?.supportEmail ?? "";
  const values = {
    brand: config?.brandName ?? "",
    email: email ? <a href={`mailto:${email}`}>{email}</a> : "",
    price: <VipPriceAmount />,
  };
  return (
    <PageFrame
      narrow
      title={title}
      intro={
        <FormattedMessage
          id="legal.lastUpdated"
          defaultMessage="Last updated: {date}"
          values={{ date: <FormattedDate value={new Date()} dateStyle="long" /> }}
        />
      }
    >
      <div className="legal">
        {sections.map((section) => (
          <section key={section.key} aria-labelledby={`legal-${section.key}`}>
            <h2 id={`legal-${section.key}`}>
              <FormattedMessage {...section.heading} />
            </h2>
            <p>
              <FormattedMessage {...section.body} values={values} />
            </p>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
