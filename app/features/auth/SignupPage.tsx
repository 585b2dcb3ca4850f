// /social/signup (spec 2.8, 5: all fields required, a valid e-mail, username of letters, digits and _, password ≥ 6, passwords equal): every rule is checked here first and shown next to its field;
// nothing is sent while a rule fails. Then the profile of the new account.
import { Link, useNavigate } from "@tanstack/react-router";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { AuthCard, FormIntro } from "./AuthCard";
import { FormattedMessage } from "react-intl";
import { FormField, focusFirstInvalid } from "./FormField";
import { authMessages } from "./messages";
import { useSignup } from "./mutations";
import { knownServerMessage, serverErrorField, type UiMessage } from "./serverErrors";
import { hasErrors, validateSignup, type FieldErrors, type SignupFields } from "./validation";

const EMPTY: SignupFields = { username: "", email: "", password: "", confirmPassword: "" };
const FIELD_NAMES = Object.keys(EMPTY) as (keyof SignupFields)[];
const isSignupField = (name: string | undefined): name is keyof SignupFields => FIELD_NAMES.includes(name as keyof SignupFields);

/** `initialEmail`: the address an invitation was sent to, filled in for the invited person. */
export function SignupPage({ initialEmail = "" }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<SignupFields>({ ...EMPTY, email: initialEmail.trim() });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof SignupFields>>({});
  const [formError, setFormError] = useState<UiMessage | null>(null);
  // Before the first submit nobody is told off for a half-typed form; after it, errors follow the typing.
  const [submitted, setSubmitted] = useState(false);

  const update = (name: keyof SignupFields) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...fields, [name]: e.target.value };
    setFields(next);
    if (submitted) setFieldErrors(validateSignup(next));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const errors = validateSignup(fields);
    setFieldErrors(errors);
    if (hasErrors(errors)) return focusFirstInvalid(formRef.current);
    signup.mutate(fields, {
      onSuccess: ({ user }) => void navigate({ to: "/social/profile/$userId", params: { userId: user.id } }),
      onError: (error) => {
        const known = knownServerMessage(error);
        const field = serverErrorField(error);
        if (known && isSignupField(field)) {
          setFieldErrors({ [field]: known });
          focusFirstInvalid(formRef.current);
        } else {
          setFormError(known ?? { message: authMessages.signupFailed });
        }
      },
    });
  };

  return (
    <AuthCard title={authMessages.signupTitle}>
        <FormIntro intro={authMessages.signupIntro} error={formError} />
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          <FormField
            label={<FormattedMessage {...authMessages.usernameLabel} />}
            name="username"
            autoComplete="username"
            required
            value={fields.username}
            onChange={update("username")}
            error={fieldErrors.username}
          />
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
            autoComplete="new-password"
            required
            value={fields.password}
            onChange={update("password")}
            error={fieldErrors.password}
          />
          <FormField
            label={<FormattedMessage {...authMessages.confirmPasswordLabel} />}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={fields.confirmPassword}
            onChange={update("confirmPassword")}
            error={fieldErrors.confirmPassword}
          />
          <button type="submit" className="btn btn-primary" disabled={signup.isPending}>
            <FormattedMessage {...(signup.isPending ? authMessages.signupBusy : authMessages.signupSubmit)} />
          </button>
        </form>
        <p className="auth-links">
          <FormattedMessage {...authMessages.haveAccount} />{" "}
          <Link to="/social/login">
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
