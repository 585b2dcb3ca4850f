// What sign-in shows a suspended member who typed the right password (403 account_suspended): the
// reason an administrator gave, the end in the viewer's own time zone and language (or that it is
// permanent), and where to ask about it. A wrong password never gets here (it stays the 401).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiRequestError } from "../../lib/api";
import { ACCOUNT_SUSPENDED_CODE, isBanReasonCode, type AccountSuspendedParams } from "#contracts/suspension.ts";
import { FormBanner } from "../../components/form/FormField";
import { suspendedMessages as m } from "./messages";

/** The suspension's reason and end when `error` is the 403 that carries them, else null. */
export function suspensionOf(error: unknown): AccountSuspendedParams | null {
  if (!(error instanceof ApiRequestError) || error.code !== ACCOUNT_SUSPENDED_CODE) return null;
  const reason = typeof error.params?.reason === "string" ? error.params.reason : "";
  const until = typeof error.params?.until === "string" && !Number.isNaN(Date.parse(error.params.until)) ? error.params.until : undefined;
  return until ? { reason, until } : { reason };
}

export function SuspendedNotice({ suspension }: { suspension: AccountSuspendedParams }) {
  const intl = useIntl();
  const hasReason = suspension.reason ? "yes" : "no";
  // A reason the site wrote itself arrives as a code: read it in the viewer's language.
  const reason = isBanReasonCode(suspension.reason) ? intl.formatMessage(m.reasonReportedContent) : suspension.reason;
  return (
    <FormBanner kind="error">
      <p className="suspended-text">
        {suspension.until ? (
          <FormattedMessage {...m.until} values={{ until: intl.formatDate(suspension.until, { dateStyle: "long", timeStyle: "short" }), reason, hasReason }} />
        ) : (
          <FormattedMessage {...m.permanent} values={{ reason, hasReason }} />
        )}
      </p>
      <p>
        <FormattedMessage
          {...m.contact}
          values={{
            link: (text: ReactNode[]) => (
              <Link to="/" hash="contact">
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </FormBanner>
  );
}
