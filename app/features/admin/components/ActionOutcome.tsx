// What a back-office list says after an action: a status line that is always in the page (so
// screen readers announce each new text; hidden while empty) and, when the action failed, one
// alert banner.
export function ActionOutcome({ done, failed = "" }: { done: string; failed?: string }) {
  return (
    <>
      <p className={done ? "success-banner" : "sr-only"} role="status">
        {done}
      </p>
      {failed && (
        <p className="error-banner" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}
