// Where each VIP benefit lives, under its card on the VIP page and the landing page: a promise
// on those cards is a link to the feature that keeps it.
import { Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { useSessionUser } from "../lib/session/useSession";

const m = defineMessages({
  music: { id: "benefits.link.music", defaultMessage: "Browse the music" },
  virtualMeet: { id: "benefits.link.virtualMeet", defaultMessage: "Virtual meets" },
  presales: { id: "benefits.link.presales", defaultMessage: "Presales on Events" },
  pass: { id: "benefits.link.pass", defaultMessage: "Your VIP pass" },
  parties: { id: "benefits.link.parties", defaultMessage: "Listening parties" },
  perks: { id: "benefits.link.perks", defaultMessage: "See the perks" },
});

export type BenefitPlace = keyof typeof m;

/** The pass is on the member's own profile; a visitor signs in first. */
function PassLink() {
  const { user } = useSessionUser();
  return user ? (
    <Link to="/social/profile/$userId" params={{ userId: user.id }} hash="vip-pass">
      <FormattedMessage {...m.pass} />
    </Link>
  ) : (
    <Link to="/social/login">
      <FormattedMessage {...m.pass} />
    </Link>
  );
}

function PlaceLink({ place }: { place: BenefitPlace }) {
  switch (place) {
    case "music":
      return (
        <Link to="/music">
          <FormattedMessage {...m.music} />
        </Link>
      );
    case "virtualMeet":
      return (
        <Link to="/virtual-meet">
          <FormattedMessage {...m.virtualMeet} />
        </Link>
      );
    case "presales":
      return (
        <Link to="/events">
          <FormattedMessage {...m.presales} />
        </Link>
      );
    case "pass":
      return <PassLink />;
    case "parties":
      return (
        <Link to="/events" hash="listening-parties">
          <FormattedMessage {...m.parties} />
        </Link>
      );
    case "perks":
      return (
        <Link to="/perks">
          <FormattedMessage {...m.perks} />
        </Link>
      );
  }
}

export function BenefitLinks({ places }: { places: readonly BenefitPlace[] }) {
  return (
    <p className="benefit-links">
      {places.map((place) => (
        <PlaceLink key={place} place={place} />
      ))}
    </p>
  );
}
