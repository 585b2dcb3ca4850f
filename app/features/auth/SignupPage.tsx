// /social/signup (docs/features.md#sign-up-sign-in-and-profiles: all fields required, a valid e-mail, username of letters, digits and _, password ≥ 6, passwords equal): every rule is checked here first and shown next to its field;
// nothing is sent while a rule fails. Then the profile of the new account.
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { AuthCard, FormIntro } from "./AuthCard";
import { FormattedMessage } from "react-intl";
import { FormField, focusFirstInvalid } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { formMessages } from "../../lib/forms/messages";
import { authMessages, signupNewsletterMessage } from "./messages";
import { useSignup } from "./mutations";
import { useSiteConfig } from "../../lib/session/useSession";
import { validateSignup, type SignupFields } from "./validation";
import { safeRedirect } from "./redirect";
import { BotCheck, useBotCheck } from "../../components/bot-check/BotCheck";

const EMPTY: SignupFields = { username: "", email: "", password: "", confirmPassword: "" };

/**
 * `initialEmail`: the address an invitation was sent to, filled in for the invited person.
 * `redirectTo`: where the new member goes next (a same-site path, as on the sign-in page: a gift's
 * /redeem?code=...), instead of their new profile.
 */
export function SignupPage({ initialEmail = "", redirectTo }: { initialEmail?: string; redirectTo?: string }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const botCheck = useBotCheck("signup");
  // Unticked by default: news by e-mail is the person's choice, confirmed by the verification mail.
  const [newsletter, setNewsletter] = useState(false);
  const newsletterId = useId();
  const config = useSiteConfig();
  // Before the first submit nobody is told off for a half-typed form; after it, errors follow the typing.
  const { formRef, fields, bind, fieldErrors, formError, check, showServerError } = useFormFields(() => ({ ...EMPTY, email: initialEmail.trim() }), {
    validate: validateSignup,
    recheck: true,
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!check()) return;
    void botCheck.take().then((token) =>
      signup.mutate(
        { ...fields, newsletter, botCheck: token },
        {
          onSuccess: ({ user }) => {
            // Checked again here as well as in validateSearch: this is the line that would open-redirect.
            const destination = safeRedirect(redirectTo);
            void (destination ? navigate({ href: destination }) : navigate({ to: "/social/profile/$userId", params: { userId: user.id } }));
          },
          onError: (error) => {
            if (showServerError(error, authMessages.signupFailed)) focusFirstInvalid(formRef.current);
          },
        },
      ),
    );
  };

  return (
    <AuthCard title={authMessages.signupTitle}>
      <FormIntro intro={authMessages.signupIntro} error={formError} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...formMessages.usernameLabel} />}
          name="username"
          autoComplete="username"
          required
          value={fields.username}
          onChange={bind("username")}
          error={fieldErrors.username}
        />
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
          autoComplete="new-password"
          required
          value={fields.password}
          onChange={bind("password")}
          error={fieldErrors.password}
        />
        <FormField
          label={<FormattedMessage {...authMessages.confirmPasswordLabel} />}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={fields.confirmPassword}
          onChange={bind("confirmPassword")}
          error={fieldErrors.confirmPassword}
        />
        <div className="form-check">
          <input id={newsletterId} type="checkbox" name="newsletter" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} />
          <label htmlFor={newsletterId}>
            <FormattedMessage {...signupNewsletterMessage} values={{ brand: config?.brandName ?? "" }} />
          </label>
        </div>
        <BotCheck check={botCheck} />
        <button type="submit" className="btn btn-primary" disabled={signup.isPending}>
          <FormattedMessage {...(signup.isPending ? authMessages.signupBusy : authMessages.signupSubmit)} />
        </button>
      </form>
      <p className="auth-links">
        <FormattedMessage {...authMessages.haveAccount} /> {/* The way across keeps where the visitor was going (a tier's checkout). */}
        <Link to="/social/login" search={{ redirect: safeRedirect(redirectTo) }}>
          <FormattedMessage {...authMessages.loginLink} />
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
