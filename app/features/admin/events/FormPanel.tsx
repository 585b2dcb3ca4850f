// The frame the event and venue forms share, so they look and behave alike: a heading that takes
// focus when the form opens, the required-fields note, the form itself, then what went wrong (how
// many fields to fix, or why the save failed) above Cancel and Save ('Saving...' while it runs).
// When a check or the server marks fields wrong, the first of them gets focus.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { ErrorText, FieldErrors } from "./errors";
import { ErrorMessage, RequiredNote } from "./fields";
import { eventsMessages as m } from "./messages";

type FormPanelProps = {
  title: string;
  /** Shown between the required-fields note and the form. */
  intro?: ReactNode;
  /** The fields found wrong; each new set that names any moves focus to the first wrong field. */
  errors: FieldErrors<string>;
  /** Why the last save failed. */
  formError: ErrorText | null;
  saving: boolean;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
};

export function FormPanel({ title, intro, errors, formError, saving, onSubmit, onCancel, children }: FormPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = Object.keys(errors).length;

  useEffect(() => headingRef.current?.focus(), []);
  // Once the wrong fields are marked, the first of them gets focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);

  return (
    <section className="card admin-events-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <RequiredNote>{intl.formatMessage(m.formRequiredNote)}</RequiredNote>
      {intro}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {children}
        {problems > 0 && !formError && (
          <div className="error-banner" role="alert">
            {intl.formatMessage(m.fixFields, { count: problems })}
          </div>
        )}
        {formError && (
          <div className="error-banner" role="alert">
            <ErrorMessage error={formError} />
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {intl.formatMessage(saving ? m.saving : m.save)}
          </button>
        </div>
      </form>
    </section>
  );
}
