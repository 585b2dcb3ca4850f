// The six VIP benefits of the sign-up page (spec 2.9).
import { FormattedMessage } from "react-intl";
import { benefitMessages as m } from "./messages";

const BENEFITS = [
  { key: "early", icon: "🎵", title: m.earlyTitle, body: m.earlyBody },
  { key: "exclusive", icon: "⭐", title: m.exclusiveTitle, body: m.exclusiveBody },
  { key: "meets", icon: "🎥", title: m.meetsTitle, body: m.meetsBody },
  { key: "priority", icon: "🎟️", title: m.priorityTitle, body: m.priorityBody },
  { key: "events", icon: "🎉", title: m.eventsTitle, body: m.eventsBody },
  { key: "perks", icon: "🎁", title: m.perksTitle, body: m.perksBody },
] as const;

export function BenefitCards() {
  return (
    <ul className="grid grid-3 vip-benefits">
      {BENEFITS.map((b) => (
        <li key={b.key} className="card benefit-card">
          <span className="benefit-icon" aria-hidden="true">
            {b.icon}
          </span>
          <h3>
            <FormattedMessage {...b.title} />
          </h3>
          <p className="muted">
            <FormattedMessage {...b.body} />
          </p>
        </li>
      ))}
    </ul>
  );
}
