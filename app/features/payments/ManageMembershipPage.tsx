// /vip-membership/manage: the local stand-in for Stripe's Customer Portal. Cancel at period end,
// resume, end now, or switch to the other plan; each emits signed subscription events through the
// normal fulfilment. A switch is asked first, with what it costs or credits (SwitchPlanDialog).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { LocalSubscriptionAction, MembershipResponse } from "#contracts/payments.ts";
import { QueryState } from "../../components/QueryState";
import { useSessionUser } from "../../lib/session/useSession";
import { MembershipSummary } from "./MembershipPanel";
import { membershipMessages, testModeMessages as m, vipMessages } from "./messages";
import { useLocalManageAction } from "./mutations";
import { membershipQueryOptions } from "./queries";
import { TestModeBanner } from "./TestModeBanner";
import { SwitchPlanDialog } from "./SwitchPlanDialog";
import "./payments.css";

type Action = {
  action: LocalSubscriptionAction;
  label: (typeof m)[keyof typeof m];
  className: string;
  when: MembershipResponse["status"][];
  /** A switch is offered from the other plan only (a membership no event has given a plan yet is monthly). */
  from?: "monthly" | "yearly";
};

const switchTarget = (action: LocalSubscriptionAction) => (action === "switch-to-yearly" ? "yearly" : action === "switch-to-monthly" ? "monthly" : null);

const ACTIONS: Action[] = [
  { action: "switch-to-yearly", label: m.switchToYearly, className: "btn btn-primary", when: ["active"], from: "monthly" },
  { action: "switch-to-monthly", label: m.switchToMonthly, className: "btn", when: ["active"], from: "yearly" },
  { action: "cancel-at-period-end", label: m.cancelAtPeriodEnd, className: "btn", when: ["active"] },
  { action: "resume", label: m.resume, className: "btn btn-primary", when: ["canceling"] },
  { action: "end-now", label: m.endNow, className: "btn btn-danger", when: ["active", "canceling", "past_due"] },
];

function ManageActions({ membership }: { membership: MembershipResponse }) {
  const manage = useLocalManageAction();
  const [asking, setAsking] = useState<"monthly" | "yearly" | null>(null);
  const plan = membership.plan ?? "monthly";
  const available = ACTIONS.filter((a) => a.when.includes(membership.status) && (!a.from || a.from === plan));
  if (available.length === 0) {
    return (
      <p className="info-banner">
        <FormattedMessage {...m.nothingToManage} />
      </p>
    );
  }
  return (
    <>
      {manage.isError && !asking && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.manageFailed} />
        </p>
      )}
      <div className="form-actions">
        {available.map(({ action, label, className }) => (
          <button
            key={action}
            type="button"
            className={className}
            disabled={manage.isPending}
            onClick={() => {
              const target = switchTarget(action);
              if (!target) return manage.mutate(action);
              manage.reset();
              setAsking(target);
            }}
          >
            {manage.isPending && manage.variables === action ? <FormattedMessage {...vipMessages.processing} /> : <FormattedMessage {...label} />}
          </button>
        ))}
      </div>
      {asking && (
        <SwitchPlanDialog
          plan={asking}
          busy={manage.isPending}
          failed={manage.isError}
          onConfirm={() => manage.mutate(asking === "yearly" ? "switch-to-yearly" : "switch-to-monthly", { onSuccess: () => setAsking(null) })}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

export function ManageMembershipPage() {
  const { user } = useSessionUser();
  const membership = useQuery(membershipQueryOptions());
  return (
    <section className="page page-narrow">
      <TestModeBanner notice={m.manageNotice} />
      <div className="card membership-panel">
        <h1>
          <FormattedMessage {...m.manageTitle} />
        </h1>
        <QueryState query={membership} failed={<FormattedMessage {...membershipMessages.loadFailed} />}>
          {(data) => (
            <>
              {data.status !== "none" && <MembershipSummary membership={data} />}
              <ManageActions membership={data} />
            </>
          )}
        </QueryState>
        {user && (
          <div className="form-actions">
            <Link to="/social/profile/$userId" params={{ userId: user.id }} className="btn btn-ghost">
              <FormattedMessage {...m.backToProfile} />
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
