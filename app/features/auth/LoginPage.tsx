// /social/login (spec 2.8): any failure reads "Invalid email or password", except the rate limit.
import { Link, useNavigate } from "@tanstack/react-router";
import { useRef, useState, type FormEvent } from "react";
import { AuthCard, FormIntro } from "./AuthCard";
import { FormattedMessage } from "react-intl";
import type { SessionUser } from "../../../worker/contracts/auth";
import { FormField, focusFirstInvalid } from "./FormField";
import { authMessages } from "./messages";
import { useLogin } from "./mutations";
import { safeRedirect } from "./redirect";
import { hasStatus, type UiMessage } from "./serverErrors";
import { hasErrors, validateLogin, type FieldErrors, type LoginFields } from "./validation";

export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const login = useLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<LoginFields>({ email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof LoginFields>>({});
  const [formError, setFormError] = useState<UiMessage | null>(null);

  const update = (name: keyof LoginFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const goOn = (user: SessionUser) => {
    // Checked again here as well as in validateSearch: this is the line that would open-redirect.
    const destination = safeRedirect(redirectTo);
    if (destination) return navigate({ href: destination });
    if (user.isAdmin) return navigate({ to: "/admin" });
    return navigate({ to: "/social/profile/$userId", params: { userId: user.id } });
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    const errors = validateLogin(fields);
    setFieldErrors(errors);
    if (hasErrors(errors)) return focusFirstInvalid(formRef.current);
    login.mutate(fields, {
      onSuccess: ({ user }) => void goOn(user),
      onError: (error) =>
        setFormError({ message: hasStatus(error, 429) ? authMessages.rateLimited : authMessages.invalidCredentials }),
    });
  };

  return (
    <AuthCard title={authMessages.loginTitle}>
        <FormIntro intro={authMessages.loginIntro} error={formError} />
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          <FormField
            label={<FormattedMessage {...authMessages.emailLabel} />}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={update("email")}
            error={fieldErrors.email}
          />
          <FormField
            label={<FormattedMessage {...authMessages.passwordLabel} />}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={fields.password}
            onChange={update("password")}
            error={fieldErrors.password}
          />
          <p className="form-aside">
            <Link to="/auth/reset-password">
              <FormattedMessage {...authMessages.forgotPassword} />
            </Link>
          </p>
          <button type="submit" className="btn btn-primary" disabled={login.isPending}>
            <FormattedMessage {...(login.isPending ? authMessages.loginBusy : authMessages.loginSubmit)} />
          </button>
        </form>
        <p className="auth-links">
          <FormattedMessage {...authMessages.noAccount} />{" "}
          <Link to="/social/signup">
            <FormattedMessage {...authMessages.signupLink} />
          </Link>
        </p>
        <p className="auth-links">
          <FormattedMessage {...authMessages.vipPrompt} />{" "}
          <Link to="/vip-signup">
            <FormattedMessage {...authMessages.vipLink} />
          </Link>
        </p>
    </AuthCard>
  );
}
