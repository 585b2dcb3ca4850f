// The body of /redeem: a signed-in member types (or finds filled in from ?code=) a gift code and
// becomes VIP until a date; a visitor is asked to sign in or sign up first and comes back here
// with the code kept.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Loading } from "../../components/Loading";
import { useSessionUser } from "../../lib/session/useSession";
import { REDEEM_PATH, redeemPath, type GiftRedeemResponse } from "#contracts/store/gift-model.ts";
import RedeemMessages from "./messages?feature";
import { RedeemForm } from "./RedeemForm";
import { RedeemSuccess } from "./RedeemSuccess";
import { redeemMessages as m } from "./messages";
import "./redeem.css";

export function RedeemPage({ initialCode = "" }: { initialCode?: string }) {
  return (
    <RedeemMessages>
      <RedeemContent initialCode={initialCode} />
    </RedeemMessages>
  );
}

function RedeemContent({ initialCode }: { initialCode: string }) {
  const intl = useIntl();
  const session = useSessionUser();
  const [result, setResult] = useState<GiftRedeemResponse | null>(null);
  // A new form after a success: empty, and not the code just used.
  const [formKey, setFormKey] = useState(0);

  if (session.isPending) return <Loading label={intl.formatMessage(m.loading)} />;
  if (!session.user) return <VisitorPanel code={initialCode} />;
  if (result)
    return (
      <RedeemSuccess
        result={result}
        onAnother={() => {
          setResult(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  return <RedeemForm key={formKey} initialCode={formKey === 0 ? initialCode : ""} onRedeemed={setResult} />;
}

function VisitorPanel({ code }: { code: string }) {
  const back = code ? redeemPath(code) : REDEEM_PATH;
  return (
    <div className="redeem-visitor card">
      <p>
        <FormattedMessage {...m.visitorText} />
      </p>
      {code && (
        <p className="muted">
          <FormattedMessage {...m.visitorCode} /> <code className="redeem-visitor-code">{code}</code>
        </p>
      )}
      <div className="redeem-actions">
        <Link to="/social/login" search={{ redirect: back }} className="btn btn-primary">
          <FormattedMessage {...m.signIn} />
        </Link>
        <Link to="/social/signup" search={{ redirect: back }} className="btn btn-ghost">
          <FormattedMessage {...m.signUp} />
        </Link>
      </div>
    </div>
  );
}
