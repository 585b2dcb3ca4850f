import { createFileRoute, Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage, type MessageDescriptor } from "react-intl";
import { PageFrame } from "../components/PageFrame";
import { TierCards } from "../features/tiers/TierCards";
import { tiersQueryOptions } from "../features/tiers/queries";
import { VipMonthsFree, VipPriceAmount, VipYearlyPriceAmount, useMonthsFree } from "../components/VipPrice";
import { useSiteConfig } from "../lib/session/useSession";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/signup-options")({
  // The admin's tiers above VIP (decision 097), rendered by the server from this data; without it
  // the page still offers the free tier and VIP.
  loader: ({ context }) => void context.queryClient.prefetchQuery(tiersQueryOptions()),
  component: SignupOptions,
});

const f = defineMessages({
  profile: { id: "signupOptions.feature.profile", defaultMessage: "Social profile" },
  community: { id: "signupOptions.feature.community", defaultMessage: "Community access" },
  publicContent: { id: "signupOptions.feature.publicContent", defaultMessage: "Public content" },
  comments: { id: "signupOptions.feature.comments", defaultMessage: "Posts and comments" },
  basicEvents: { id: "signupOptions.feature.basicEvents", defaultMessage: "Basic event access" },
  earlyAccess: { id: "signupOptions.feature.earlyAccess", defaultMessage: "Early access to new music" },
  exclusive: { id: "signupOptions.feature.exclusive", defaultMessage: "Exclusive content: full catalog, radio and TV" },
  virtualMeets: { id: "signupOptions.feature.virtualMeets", defaultMessage: "Virtual meets" },
  priorityEvents: { id: "signupOptions.feature.priorityEvents", defaultMessage: "Priority event access and VIP sections" },
  included: { id: "signupOptions.included", defaultMessage: "Included" },
  notIncluded: { id: "signupOptions.notIncluded", defaultMessage: "Not included" },
});

const FREE_INCLUDED = [f.profile, f.community, f.publicContent, f.comments, f.basicEvents];
const FREE_EXCLUDED = [f.earlyAccess, f.exclusive, f.virtualMeets];
const VIP_INCLUDED = [...FREE_INCLUDED, ...FREE_EXCLUDED, f.priorityEvents];

function FeatureList({ included, excluded = [] }: { included: MessageDescriptor[]; excluded?: MessageDescriptor[] }) {
  return (
    <ul className="plan-features">
      {included.map((feature) => (
        <li key={feature.id} className="plan-feature is-included">
          <span aria-hidden="true">✓ </span>
          <span className="sr-only">
            <FormattedMessage {...f.included} />:{" "}
          </span>
          <FormattedMessage {...feature} />
        </li>
      ))}
      {excluded.map((feature) => (
        <li key={feature.id} className="plan-feature is-excluded">
          <span aria-hidden="true">✗ </span>
          <span className="sr-only">
            <FormattedMessage {...f.notIncluded} />:{" "}
          </span>
          <FormattedMessage {...feature} />
        </li>
      ))}
    </ul>
  );
}

/** Beside the monthly price: "or $99 a year — 2 months free" (the saving only when there is a whole month's). */
function YearlyLine() {
  const months = useMonthsFree();
  return (
    <p className="plan-yearly">
      <FormattedMessage id="signupOptions.vip.yearly" defaultMessage="or {price} a year" values={{ price: <VipYearlyPriceAmount /> }} />
      {months > 0 && (
        <>
          {" — "}
          <strong>
            <VipMonthsFree />
          </strong>
        </>
      )}
    </p>
  );
}

const meta = defineMessages({
  title: { id: "meta.signupOptions.title", defaultMessage: "Choose Your Membership" },
  description: {
    id: "meta.signupOptions.description",
    defaultMessage: "Join {brand} for free, or go VIP for the full catalog, radio, TV and priority event access.",
  },
});

function SignupOptions() {
  usePageMeta(meta);
  const config = useSiteConfig();
  return (
    <PageFrame
      title={<FormattedMessage id="signupOptions.title" defaultMessage="Choose Your Membership" />}
      intro={<FormattedMessage id="signupOptions.intro" defaultMessage="Join the community for free, or go VIP for the full experience." />}
    >
      <div className="grid grid-2 plans">
        <article className="card plan-card" aria-labelledby="plan-free">
          <h2 id="plan-free">
            <FormattedMessage id="signupOptions.free.name" defaultMessage="Free" />
          </h2>
          <p className="plan-price">
            <FormattedMessage id="signupOptions.free.price" defaultMessage="Free" />
          </p>
          <FeatureList included={FREE_INCLUDED} excluded={FREE_EXCLUDED} />
          <Link to="/social/signup" className="btn btn-ghost btn-block">
            <FormattedMessage id="signupOptions.free.cta" defaultMessage="Sign Up Free" />
          </Link>
        </article>
        <article className="card plan-card plan-card-featured" aria-labelledby="plan-vip">
          <span className="badge badge-vip">
            <FormattedMessage id="signupOptions.vip.badge" defaultMessage="Best experience" />
          </span>
          <h2 id="plan-vip">
            <FormattedMessage id="signupOptions.vip.name" defaultMessage="VIP" />
          </h2>
          <p className="plan-price">
            {config && (
              <FormattedMessage
                id="signupOptions.vip.price"
                defaultMessage="{price}<per>/month</per>"
                values={{ price: <VipPriceAmount />, per: (chunks) => <span className="plan-period">{chunks}</span> }}
              />
            )}
          </p>
          {config && <YearlyLine />}
          <FeatureList included={VIP_INCLUDED} />
          <Link to="/vip-signup" className="btn btn-primary btn-block">
            <FormattedMessage id="signupOptions.vip.cta" defaultMessage="Become a VIP Member" />
          </Link>
        </article>
        <TierCards />
      </div>
      <p className="center muted">
        <FormattedMessage
          id="signupOptions.login"
          defaultMessage="Already have an account? <link>Log in</link>"
          values={{ link: (chunks) => <Link to="/social/login">{chunks}</Link> }}
        />
      </p>
    </PageFrame>
  );
}
