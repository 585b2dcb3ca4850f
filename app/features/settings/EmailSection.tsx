// Settings › E-mail address: the current address (and one waiting for its link), and the form
// to move the account to another one. The Worker checks the current password, mails a link to
// the new address and changes nothing until it is used; the old address is told afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { defineMessage, defineMessages, FormattedMessage } from "react-intl";
import { emailSchema } from "#contracts/auth.ts";
import type { VerificationSentResponse } from "#contracts/email-verification.ts";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { compact } from "../../components/form/validation";
import { api } from "../../lib/api";
import { hasCode } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { meQueryOptions } from "../../lib/session/queries";
import { useSessionUser } from "../../lib/session/useSession";

export const EMAIL_CHANGE_API = "/api/auth/email-change";

export const emailSectionMessages = defineMessages({
  title: { id: "settings.email.title", defaultMessage: "E-mail address" },
  intro: {
    id: "settings.email.intro",
    defaultMessage: "We send a link to the new address; your account keeps its current address until you open it. We also tell the current address.",
  },
  newEmail: { id: "settings.email.new", defaultMessage: "New e-mail address" },
  password: { id: "settings.email.password", defaultMessage: "Current password" },
  emailRequired: { id: "settings.email.emailRequired", defaultMessage: "Enter the new e-mail address" },
  passwordRequired: { id: "settings.email.passwordRequired", defaultMessage: "Enter your current password" },
  passwordWrong: { id: "settings.email.passwordWrong", defaultMessage: "That is not your current password" },
  submit: { id: "settings.email.submit", defaultMessage: "Change e-mail address" },
  busy: { id: "settings.email.busy", defaultMessage: "Sending..." },
  failed: { id: "settings.email.failed", defaultMessage: "The e-mail address could not be changed. Please try again." },
});
const m = emailSectionMessages;
const withEmail = {
  current: defineMessage<{ email: string }>({ id: "settings.email.current", defaultMessage: "Current address: {email}" }),
  pending: defineMessage<{ email: string }>({
    id: "settings.email.pending",
    defaultMessage: "Waiting for confirmation: {email}. Open the link we sent there.",
  }),
  sent: defineMessage<{ email: string }>({ id: "settings.email.sent", defaultMessage: "We sent a link to {email}. Open it to finish the change." }),
};

type EmailFields = { email: string; currentPassword: string };
const EMPTY: EmailFields = { email: "", currentPassword: "" };

const validate = (v: EmailFields) =>
  compact({
    email: !v.email.trim() ? { message: m.emailRequired } : emailSchema.safeParse(v.email).success ? undefined : { message: formMessages.emailInvalid },
    currentPassword: v.currentPassword ? undefined : { message: m.passwordRequired },
  });

export function EmailSection() {
  const { user } = useSessionUser();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: EmailFields) => api<VerificationSentResponse>(EMAIL_CHANGE_API, { method: "POST", json: body }),
    // The session now carries the pending address.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
  const { formRef, fields, setFields, bind, fieldErrors, setFieldErrors, formError, setFormError, check, showServerError } = useFormFields(EMPTY, {
    validate,
    recheck: true,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSentTo(null);
    setFormError(null);
    if (!check()) return;
    change.mutate(fields, {
      onSuccess: (result) => {
        setSentTo(result.sentTo);
        setFields(EMPTY);
      },
      onError: (error) => {
        if (hasCode(error, "invalid_credentials")) return setFieldErrors({ currentPassword: { message: m.passwordWrong } });
        // A taken address is said at the field, like the sign-up form does.
        if (hasCode(error, "email_taken")) return setFieldErrors({ email: { message: formMessages.emailTaken } });
        showServerError(error, m.failed);
      },
    });
  };

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      {user && (
        <p>
          <FormattedMessage {...withEmail.current} values={{ email: user.email }} />
        </p>
      )}
      {user?.pendingEmail && !sentTo && (
        <p className="muted" data-testid="pending-email">
          <FormattedMessage {...withEmail.pending} values={{ email: user.pendingEmail }} />
        </p>
      )}
      {formError && (
        <FormBanner kind="error">
          <UiText value={formError} />
        </FormBanner>
      )}
      {sentTo && (
        <FormBanner kind="success">
          <FormattedMessage {...withEmail.sent} values={{ email: sentTo }} />
        </FormBanner>
      )}
      <form ref={formRef} className="form settings-email" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...m.newEmail} />}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={bind("email")}
          error={fieldErrors.email}
        />
        <FormField
          label={<FormattedMessage {...m.password} />}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={fields.currentPassword}
          onChange={bind("currentPassword")}
          error={fieldErrors.currentPassword}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          <FormattedMessage {...(change.isPending ? m.busy : m.submit)} />
        </button>
      </form>
    </>
  );
}
