// /vip-confirmation, the payment result page (docs/features.md#payments-and-vip): processing, then
// 'Welcome to VIP!' once the server confirms, or 'Payment Failed' with Try Again. Someone with no
// checkout of their own to confirm (the page opened by hand, an old link, someone else's session)
// is told there is nothing to confirm and where to join. The page grants nothing.
import { Link } from "@tanstack/react-router";
import { Icon } from "../../components/Icon";
import { FormattedMessage } from "react-intl";
import { Loading } from "../../components/Loading";
import { confirmationMessages as m } from "./messages";
import { useVipConfirmation, type ConfirmationSearch } from "./useVipConfirmation";
import "./payments.css";

export function VipConfirmationPage({ search }: { search: ConfirmationSearch }) {
  const { phase, checkAgain } = useVipConfirmation(search);
  return (
    <section className="page page-narrow">
      <div className="card vip-result" aria-live="polite">
        {phase === "processing" && (
          <>
            <h1>
              <FormattedMessage {...m.processingTitle} />
            </h1>
            <Loading label={<FormattedMessage {...m.processingBody} />} />
          </>
        )}
        {phase === "slow" && (
          <>
            <h1>
              <FormattedMessage {...m.slowTitle} />
            </h1>
            <p className="muted">
              <FormattedMessage {...m.slowBody} />
            </p>
            <div className="form-actions">
              <button type="button" className="btn btn-primary" onClick={checkAgain}>
                <FormattedMessage {...m.checkAgain} />
              </button>
            </div>
          </>
        )}
        {phase === "success" && (
          <>
            <Icon name="crown" size={48} className="result-icon" />
            <h1>
              <FormattedMessage {...m.successTitle} />
            </h1>
            <p className="muted">
              <FormattedMessage {...m.successBody} />
            </p>
            <div className="form-actions">
              <Link to="/social" className="btn btn-primary btn-lg">
                <FormattedMessage {...m.goToSocial} />
              </Link>
            </div>
          </>
        )}
        {phase === "none" && (
          <>
            <h1>
              <FormattedMessage {...m.noneTitle} />
            </h1>
            <p className="muted">
              <FormattedMessage {...m.noneBody} />
            </p>
            <div className="form-actions">
              <Link to="/vip-signup" className="btn btn-primary">
                <FormattedMessage {...m.noneLink} />
              </Link>
            </div>
          </>
        )}
        {phase === "error" && (
          <>
            <Icon name="alert" size={48} className="result-icon" />
            <h1>
              <FormattedMessage {...m.errorTitle} />
            </h1>
            <p className="error-banner" role="alert">
              <FormattedMessage {...m.errorBody} />
            </p>
            <div className="form-actions">
              <Link to="/vip-signup" className="btn btn-primary">
                <FormattedMessage {...m.tryAgain} />
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
