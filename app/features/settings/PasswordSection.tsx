// Settings › Password: the current password, then the new one twice (the sign-up rules). On
// success the Worker has ended every other session of the member; this one stays signed in.
import { useState, type FormEvent } from "react";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { PASSWORD_MAX, PASSWORD_MIN } from "#contracts/auth.ts";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { compact, type FieldErrors } from "../../components/form/validation";
import { hasCode } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { settingsMessages as m } from "./messages";
import { useChangePassword } from "./queries";

type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };

const EMPTY: PasswordFields = { currentPassword: "", newPassword: "", confirmPassword: "" };

function validatePasswords(v: PasswordFields): FieldErrors<keyof PasswordFields> {
  const fail = (message: MessageDescriptor) => ({ message });
  return compact({
    currentPassword: v.currentPassword ? undefined : fail(m.currentRequired),
    newPassword: !v.newPassword
      ? fail(m.newRequired)
      : v.newPassword.length < PASSWORD_MIN
        ? fail(formMessages.passwordMin)
        : v.newPassword.length > PASSWORD_MAX
          ? fail(formMessages.passwordTooLong)
          : undefined,
    confirmPassword: !v.confirmPassword ? fail(m.confirmRequired) : v.confirmPassword !== v.newPassword ? fail(formMessages.passwordsDontMatch) : undefined,
  });
}

export function PasswordSection() {
  const change = useChangePassword();
  const { formRef, fields, setFields, bind, fieldErrors, setFieldErrors, formError, check, showServerError } = useFormFields(EMPTY, {
    validate: validatePasswords,
    recheck: true,
  });
  const [ended, setEnded] = useState<number | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setEnded(null);
    if (!check()) return;
    change.mutate(fields, {
      onSuccess: (result) => {
        setEnded(result.ended);
        setFields(EMPTY); // nobody should find the new password still typed in
      },
      onError: (error) => {
        // The Worker's code for a wrong password (403 at the field): this form words it its own way.
        if (hasCode(error, "invalid_credentials")) return setFieldErrors({ currentPassword: { message: m.currentWrong } });
        showServerError(error, m.changeFailed);
      },
    });
  };

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.passwordIntro} />
      </p>
      {formError && (
        <FormBanner kind="error">
          <UiText value={formError} />
        </FormBanner>
      )}
      {ended !== null && (
        <FormBanner kind="success">
          <FormattedMessage {...m.passwordChanged} values={{ count: ended }} />
        </FormBanner>
      )}
      <form ref={formRef} className="form settings-password" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...m.currentPassword} />}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={fields.currentPassword}
          onChange={bind("currentPassword")}
          error={fieldErrors.currentPassword}
        />
        <FormField
          label={<FormattedMessage {...m.newPassword} />}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={fields.newPassword}
          onChange={bind("newPassword")}
          error={fieldErrors.newPassword}
        />
        <FormField
          label={<FormattedMessage {...m.confirmPassword} />}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={fields.confirmPassword}
          onChange={bind("confirmPassword")}
          error={fieldErrors.confirmPassword}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          <FormattedMessage {...(change.isPending ? m.changing : m.changePassword)} />
        </button>
      </form>
    </>
  );
}
