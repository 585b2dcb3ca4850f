// "Set up your site": a new site's steps (decision 077), each ticked when the Worker finds it done
// (GET /api/admin/setup) and linking to the back-office page that does it. Its texts are in the
// site's catalogs: the landing page shows it to administrators, outside the back office.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import type { SetupStepId } from "#contracts/site-setup.ts";
import { setupChecklistQueryOptions } from "./queries";

const m = defineMessages({
  done: { id: "setup.step.done", defaultMessage: "Done" },
  todo: { id: "setup.step.todo", defaultMessage: "To do" },
});

const STEPS: Record<SetupStepId, { to: "/admin/settings" | "/admin/catalog"; title: MessageDescriptor; body: MessageDescriptor }> = {
  identity: {
    to: "/admin/settings",
    ...defineMessages({
      title: { id: "setup.identity.title", defaultMessage: "Brand and artist identity" },
      body: { id: "setup.identity.body", defaultMessage: "Save the artist's name, biography, portrait and links in Settings." },
    }),
  },
  release: {
    to: "/admin/catalog",
    ...defineMessages({
      title: { id: "setup.release.title", defaultMessage: "First release" },
      body: { id: "setup.release.body", defaultMessage: "Add an album or a single, with its cover and tracks, in the Catalog." },
    }),
  },
  broadcast: {
    to: "/admin/catalog",
    ...defineMessages({
      title: { id: "setup.broadcast.title", defaultMessage: "First radio station or TV channel" },
      body: { id: "setup.broadcast.body", defaultMessage: "Add a station or a channel in the Catalog." },
    }),
  },
  payments: {
    to: "/admin/settings",
    ...defineMessages({
      title: { id: "setup.payments.title", defaultMessage: "Payments" },
      body: {
        id: "setup.payments.body",
        defaultMessage:
          "Settings cannot hold secrets: from a terminal, run npx wrangler secret put STRIPE_SECRET_KEY --env production, then the same for STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID. Then check the VIP prices in Settings.",
      },
    }),
  },
  mail: {
    to: "/admin/settings",
    ...defineMessages({
      title: { id: "setup.mail.title", defaultMessage: "Mail" },
      body: {
        id: "setup.mail.body",
        defaultMessage:
          "Settings cannot hold secrets: from a terminal, run npx wrangler secret put MAIL_PROVIDER --env production, then the same for MAIL_API_KEY and MAIL_FROM. Then choose the notifications in Settings.",
      },
    }),
  },
  botCheck: {
    to: "/admin/settings",
    ...defineMessages({
      title: { id: "setup.botCheck.title", defaultMessage: "Bot checks" },
      body: {
        id: "setup.botCheck.body",
        defaultMessage:
          "From a terminal, run npx wrangler secret put TURNSTILE_SECRET_KEY --env production, and set TURNSTILE_SITE_KEY in wrangler.toml's production vars (it is public), then deploy: until then sign-up, guest checkout, the news box, Notify me, the contact form and password resets are closed to visitors.",
      },
    }),
  },
};

export function SetupChecklist() {
  const intl = useIntl();
  const { data } = useQuery(setupChecklistQueryOptions());
  if (!data) return null;
  const left = data.steps.filter((step) => !step.done).length;
  return (
    <section className="landing-section setup-checklist card" aria-labelledby="setup-title">
      <h2 id="setup-title">
        <FormattedMessage id="setup.title" defaultMessage="Set up your site" />
      </h2>
      <p>
        <FormattedMessage
          id="setup.intro"
          defaultMessage="{left, plural, =0 {Everything is set up.} one {# step left.} other {# steps left.}} Visitors see this page until the first release, station or channel is published."
          values={{ left }}
        />
      </p>
      <ol>
        {data.steps.map((step) => {
          const { to, title, body } = STEPS[step.id];
          return (
            <li key={step.id} className="setup-step" data-step={step.id} data-done={step.done}>
              <span className="setup-step-mark" aria-hidden="true">
                {step.done ? "✓" : "○"}
              </span>
              <div>
                <Link to={to}>{intl.formatMessage(title)}</Link> <span className="badge">{intl.formatMessage(step.done ? m.done : m.todo)}</span>
                <p>{intl.formatMessage(body)}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
