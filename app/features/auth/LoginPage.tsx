// /social/login (docs/features.md#sign-up-sign-in-and-profiles): any failure reads "Invalid email or password", except the rate limit and, for
// the right password only, a suspension (its reason and end: SuspendedNotice).
import { Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { AuthCard, FormIntro } from "./AuthCard";
import { FormattedMessage } from "react-intl";
import type { SessionUser } from "#contracts/auth.ts";
import { FormBanner, FormField } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { hasStatus } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { authMessages } from "./messages";
import { useLogin } from "./mutations";
import { safeRedirect } from "./redirect";
import { validateLogin, type LoginFields } from "./validation";
import { SuspendedNotice, suspensionOf } from "./SuspendedNotice";
import type { AccountSuspendedParams } from "#contracts/suspension.ts";

const EMPTY: LoginFields = { email: "", password: "" };

export function LoginPage({ redirectTo, passwordChanged = false }: { redirectTo?: string; passwordChanged?: boolean }) {
  const navigate = useNavigate();
  const login = useLogin();
  const { formRef, fields, bind, fieldErrors, formError, setFormError, check } = useFormFields(EMPTY, { validate: validateLogin });
  const [suspension, setSuspension] = useState<AccountSuspendedParams | null>(null);

  const goOn = (user: SessionUser) => {
    // Checked again here as well as in validateSearch: this is the line that would open-redirect.
    const destination = safeRedirect(redirectTo);
    if (destination) return navigate({ href: destination });
    if (user.isAdmin) return navigate({ to: "/admin" });
    return navigate({ to: "/social/profile/$userId", params: { userId: user.id } });
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSuspension(null);
    if (!check()) return;
    login.mutate(fields, {
      onSuccess: ({ user }) => void goOn(user),
      onError: (error) => {
        // Only the right password gets the suspension's reason; anything else reads as before.
        const suspended = suspensionOf(error);
        if (suspended) setSuspension(suspended);
        else setFormError({ message: hasStatus(error, 429) ? formMessages.rateLimited : authMessages.invalidCredentials });
      },
    });
  };

  return (
    <AuthCard title={authMessages.loginTitle}>
      {/* After a password reset (/auth/reset-password sends ?reset=done): the new one works now. */}
      {passwordChanged && (
        <FormBanner kind="success">
          <FormattedMessage {...authMessages.passwordChanged} />
        </FormBanner>
      )}
      <FormIntro intro={authMessages.loginIntro} error={formError} />
      {suspension && <SuspendedNotice suspension={suspension} />}
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
        <FormField
          label={<FormattedMessage {...authMessages.passwordLabel} />}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={fields.password}
          onChange={bind("password")}
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
        <FormattedMessage {...authMessages.noAccount} /> {/* The way across keeps where the visitor was going (a tier's checkout). */}
        <Link to="/social/signup" search={{ redirect: safeRedirect(redirectTo) }}>
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
