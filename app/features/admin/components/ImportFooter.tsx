// The footer of a CSV import dialog (tickets, presale and perk codes): the step's error, then
// Cancel and Import while choosing and mapping, or Import another file and Close once done.
type Step = "choose" | "map" | "importing" | "done";

type Props = {
  step: Step;
  error: string | null;
  labels: { cancel: string; submit: string; again: string; close: string };
  onCancel: () => void;
  onSubmit: () => void;
  onAgain: () => void;
};

export function ImportFooter({ step, error, labels, onCancel, onSubmit, onAgain }: Props) {
  const busy = step === "importing";
  return (
    <>
      {error && (
        <div className="error-banner" role="alert">
          {error}
        </div>
      )}
      <div className="dialog-actions">
        {step === "done" ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onAgain}>
              {labels.again}
            </button>
            <button type="button" className="btn btn-primary" onClick={onCancel}>
              {labels.close}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
              {labels.cancel}
            </button>
            {step !== "choose" && (
              <button type="button" className="btn btn-primary" onClick={onSubmit} disabled={busy}>
                {labels.submit}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
