// /auth/sign-in-link?token=…: the page the one-time link in the slowdown mail opens (decision 038).
// The token is used by a POST when the member presses the button, not on load: mail scanners that
// open links must not use up the single use, and a POST is covered by the API's CSRF check.
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { FormBanner } from "../../components/form/FormField";
import { api } from "../../lib/api";
import { hasStatus } from "../../lib/forms/errorText";
import { forgetPreviousUsersData, setSessionUser } from "../../lib/session/logout";
import type { AuthUserResponse } from "#contracts/auth.ts";
import { SIGN_IN_TOKEN_PATTERN } from "#contracts/sign-in-link.ts";
import { AuthCard } from "./AuthCard";
import { authMessages } from "./messages";
import { signInLinkMessages as m } from "./signInLinkMessages";

function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<AuthUserResponse>("/api/auth/sign-in-link", { method: "POST", json: { token } }),
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      forgetPreviousUsersData(queryClient);
    },
  });
}

/** What went wrong, in words: expired (410), used or unknown (400), or anything else. */
const problemOf = (error: unknown): MessageDescriptor => (hasStatus(error, 410) ? m.expired : hasStatus(error, 400) ? m.invalid : m.failed);

function BadLink({ message }: { message: MessageDescriptor }) {
  return (
    <>
      <FormBanner kind="error">
        <FormattedMessage {...message} />
      </FormBanner>
      <p className="auth-links">
        <Link to="/social/login">
          <FormattedMessage {...authMessages.backToLogin} />
        </Link>
      </p>
    </>
  );
}

export function SignInLinkPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  // A token of a shape the Worker never makes is invalid without asking.
  const wellFormed = token !== undefined && SIGN_IN_TOKEN_PATTERN.test(token);

  let body;
  if (!wellFormed) body = <BadLink message={m.invalid} />;
  else if (signIn.isError) body = <BadLink message={problemOf(signIn.error)} />;
  else
    body = (
      <>
        <p className="muted">
          <FormattedMessage {...m.intro} />
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={signIn.isPending || signIn.isSuccess}
          onClick={() =>
            signIn.mutate(token, {
              onSuccess: ({ user }) => void navigate({ to: "/social/profile/$userId", params: { userId: user.id } }),
            })
          }
        >
          <FormattedMessage {...(signIn.isPending ? m.busy : m.submit)} />
        </button>
      </>
    );
  return <AuthCard title={m.title}>{body}</AuthCard>;
}
