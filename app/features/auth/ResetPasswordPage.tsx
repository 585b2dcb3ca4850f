// /auth/reset-password (docs/features.md#sign-up-sign-in-and-profiles: the two modes, the redirect below and the error texts). Without a token: ask for the e-mail and send the link.
// With one (the link from the e-mail): check the link first, then take the new password, then
// go to /social/login after 2 seconds.
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState, type FormEvent } from "react";
import { AuthCard, FormIntro } from "./AuthCard";
import { FormattedMessage } from "react-intl";
import { Loading } from "../../components/Loading";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { compact } from "../../components/form/validation";
import { hasCode, hasStatus, serverErrorField, type UiMessage } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { authMessages } from "./messages";
import { useConfirmPasswordReset, useRequestPasswordReset } from "./mutations";
import { BotCheck, botCheckErrorText, useBotCheck } from "../../components/bot-check/BotCheck";
import { resetLinkQueryOptions } from "./queries";
import { isWellFormedResetToken } from "./resetToken";
import { checkEmail, validateNewPassword, type NewPasswordFields } from "./validation";

export const RESET_REDIRECT_DELAY_MS = 2000;

export function ResetPasswordPage({ token }: { token?: string }) {
  return <AuthCard title={authMessages.resetTitle}>{token === undefined ? <RequestResetForm /> : <NewPasswordStep token={token} />}</AuthCard>;
}

function BackToLogin() {
  return (
    <p className="auth-links">
      <Link to="/social/login">
        <FormattedMessage {...authMessages.backToLogin} />
      </Link>
    </p>
  );
}

const validateRequest = ({ email }: { email: string }) => compact({ email: checkEmail(email) });

function RequestResetForm() {
  const request = useRequestPasswordReset();
  const botCheck = useBotCheck("password_reset");
  const { formRef, fields, bind, fieldErrors, formError, setFormError, check } = useFormFields({ email: "" }, { validate: validateRequest });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!check()) return;
    void botCheck.take().then((token) =>
      request.mutate(
        { email: fields.email, botCheck: token },
        {
          onError: (err) => {
            const refused = botCheckErrorText(err);
            if (refused) setFormError({ message: refused });
            else if (hasStatus(err, 404)) setFormError({ message: authMessages.resetUserNotFound });
            else if (hasStatus(err, 429)) setFormError({ message: formMessages.rateLimited });
            else setFormError({ message: authMessages.resetRequestFailed });
          },
        },
      ),
    );
  };

  if (request.isSuccess) {
    return (
      <>
        <FormBanner kind="success">
          <FormattedMessage {...authMessages.resetSent} />
        </FormBanner>
        <BackToLogin />
      </>
    );
  }

  return (
    <>
      <FormIntro intro={authMessages.resetRequestIntro} error={formError} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...authMessages.emailLabel} />}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={bind("email")}
          error={fieldErrors.email}
        />
        <BotCheck check={botCheck} />
        <button type="submit" className="btn btn-primary" disabled={request.isPending}>
          <FormattedMessage {...(request.isPending ? authMessages.resetSending : authMessages.resetSendInstructions)} />
        </button>
      </form>
      <BackToLogin />
    </>
  );
}

/** A link that is expired or unknown: say which, and offer the request form again. */
function BadLink({ message }: { message: UiMessage }) {
  return (
    <>
      <FormBanner kind="error">
        <UiText value={message} />
      </FormBanner>
      <p className="auth-links">
        <Link to="/auth/reset-password">
          <FormattedMessage {...authMessages.resetRequestNew} />
        </Link>
      </p>
    </>
  );
}

const linkProblem = (error: unknown): UiMessage => ({
  message: hasStatus(error, 410) ? authMessages.resetExpiredLink : authMessages.resetInvalidLink,
});

function NewPasswordStep({ token }: { token: string }) {
  // An empty token cannot be checked; the form then reports it on submit (docs/features.md#sign-up-sign-in-and-profiles: 'Invalid reset link. Please request a new password reset.'). A token of a
  // shape the server never issues is invalid without asking (and without a failed request).
  const wellFormed = isWellFormedResetToken(token);
  const verify = useQuery({ ...resetLinkQueryOptions(token), enabled: wellFormed });
  if (token !== "" && !wellFormed) return <BadLink message={{ message: authMessages.resetInvalidLink }} />;
  if (token !== "" && verify.isPending) return <Loading label={<FormattedMessage {...authMessages.resetVerifying} />} />;
  if (verify.isError) return <BadLink message={linkProblem(verify.error)} />;
  return <NewPasswordForm token={token} />;
}

const EMPTY_PASSWORDS: NewPasswordFields = { password: "", confirmPassword: "" };

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const { formRef, fields, bind, fieldErrors, formError, setFormError, check, showServerError } = useFormFields(EMPTY_PASSWORDS, {
    validate: validateNewPassword,
  });
  const [linkError, setLinkError] = useState<UiMessage | null>(null);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    // ?reset=done: the login page then says the password was changed.
    const timer = setTimeout(() => void navigate({ to: "/social/login", search: { reset: "done" } }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!token) return setFormError({ message: authMessages.resetMissingToken });
    if (!check()) return;
    confirm.mutate(
      { token, ...fields },
      {
        onError: (error) => {
          // An expired, used or malformed token: the link is the problem, not the password.
          if (hasStatus(error, 410) || hasCode(error, "reset_invalid") || serverErrorField(error) === "token") return setLinkError(linkProblem(error));
          showServerError(error, authMessages.resetFailed);
        },
      },
    );
  };

  if (linkError) return <BadLink message={linkError} />;
  if (confirm.isSuccess) {
    return (
      <FormBanner kind="success">
        <FormattedMessage {...authMessages.resetDone} />
      </FormBanner>
    );
  }

  return (
    <>
      <FormIntro intro={authMessages.resetNewPasswordIntro} error={formError} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...authMessages.newPasswordLabel} />}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={fields.password}
          onChange={bind("password")}
          error={fieldErrors.password}
        />
        <FormField
          label={<FormattedMessage {...authMessages.confirmNewPasswordLabel} />}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={fields.confirmPassword}
          onChange={bind("confirmPassword")}
          error={fieldErrors.confirmPassword}
        />
        <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
          <FormattedMessage {...(confirm.isPending ? authMessages.resetBusy : authMessages.resetSubmit)} />
        </button>
      </form>
    </>
  );
}
