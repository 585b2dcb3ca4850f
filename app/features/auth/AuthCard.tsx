// The frame every account page shares: a narrow card with its heading, and the intro line with
// the form-level error above each form.
import type { ReactNode } from "react";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { FormBanner, UiText } from "../../components/form/FormField";
import type { UiMessage } from "../../lib/forms/errorText";

export function AuthCard({ title, children }: { title: MessageDescriptor; children: ReactNode }) {
  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>
          <FormattedMessage {...title} />
        </h1>
        {children}
      </div>
    </section>
  );
}

export function FormIntro({ intro, error }: { intro: MessageDescriptor; error: UiMessage | null | undefined }) {
  return (
    <>
      <p className="muted">
        <FormattedMessage {...intro} />
      </p>
      {error && (
        <FormBanner kind="error">
          <UiText value={error} />
        </FormBanner>
      )}
    </>
  );
}
