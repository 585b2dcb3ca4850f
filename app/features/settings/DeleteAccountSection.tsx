// Settings › Delete account (decision 041): the current password and the username typed again,
// then a last question in a dialog. On success the Worker has deleted everything (a paid VIP
// subscription is cancelled first) and ended the session: the app forgets the member and goes home.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { defineMessage, defineMessages, FormattedMessage } from "react-intl";
import { ACCOUNT_DELETE_API, MEMBER_DATA_CODES, type AccountDeletedResponse, type DeleteAccountBody } from "#contracts/member-data.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { compact } from "../../components/form/validation";
import { api } from "../../lib/api";
import { hasCode } from "../../lib/forms/errorText";
import { forgetPreviousUsersData, setSessionUser } from "../../lib/session/logout";
import { useSessionUser } from "../../lib/session/useSession";

export const deleteAccountMessages = defineMessages({
  title: { id: "settings.delete.title", defaultMessage: "Delete account" },
  intro: {
    id: "settings.delete.intro",
    defaultMessage:
      "Deleting your account removes your profile, posts (with their comments), comments, likes, playlists, favorites, VIP chat history and pictures, and signs you out everywhere. A paid VIP membership is cancelled at once, without a refund for the rest of the period. Records we must keep for accounting stay, without your name or address. This cannot be undone: download your data first if you want a copy.",
  },
  password: { id: "settings.delete.password", defaultMessage: "Current password" },
  passwordRequired: { id: "settings.delete.passwordRequired", defaultMessage: "Enter your current password" },
  passwordWrong: { id: "settings.delete.passwordWrong", defaultMessage: "That is not your current password" },
  confirmationMismatch: { id: "settings.delete.confirmationMismatch", defaultMessage: "Type your username exactly as shown" },
  submit: { id: "settings.delete.submit", defaultMessage: "Delete my account" },
  dialogTitle: { id: "settings.delete.dialogTitle", defaultMessage: "Delete your account?" },
  cancel: { id: "settings.delete.cancel", defaultMessage: "Keep my account" },
  confirm: { id: "settings.delete.confirm", defaultMessage: "Delete for good" },
  busy: { id: "settings.delete.busy", defaultMessage: "Deleting..." },
  lastAdmin: { id: "settings.delete.lastAdmin", defaultMessage: "You are the site's last administrator. Make someone else an administrator first." },
  paymentFailed: {
    id: "settings.delete.paymentFailed",
    defaultMessage: "Your VIP membership could not be cancelled with the payment provider, so nothing was deleted. Please try again later.",
  },
  failed: { id: "settings.delete.failed", defaultMessage: "Your account could not be deleted. Please try again." },
});
const m = {
  ...deleteAccountMessages,
  confirmation: defineMessage<{ username: string }>({ id: "settings.delete.confirmation", defaultMessage: "Type your username, {username}, to confirm" }),
  dialogBody: defineMessage<{ username: string }>({
    id: "settings.delete.dialogBody",
    defaultMessage: "Your account {username} and everything in it will be deleted for good.",
  }),
};

type DeleteFields = { currentPassword: string; confirmation: string };
const EMPTY: DeleteFields = { currentPassword: "", confirmation: "" };

export function DeleteAccountSection() {
  const { user } = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const username = user?.username ?? "";
  const remove = useMutation({
    mutationFn: (body: DeleteAccountBody) => api<AccountDeletedResponse>(ACCOUNT_DELETE_API, { method: "POST", json: body }),
    onSuccess: async () => {
      setSessionUser(queryClient, null);
      await navigate({ to: "/" }); // leave the protected page before anything refetches
      forgetPreviousUsersData(queryClient);
    },
  });
  const { formRef, fields, bind, fieldErrors, setFieldErrors, formError, setFormError, check } = useFormFields(EMPTY, {
    validate: (v: DeleteFields) =>
      compact({
        currentPassword: v.currentPassword ? undefined : { message: m.passwordRequired },
        confirmation: v.confirmation.trim() === username ? undefined : { message: m.confirmationMismatch },
      }),
    recheck: true,
  });
  const [asking, setAsking] = useState(false);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    if (check()) setAsking(true);
  };

  const onConfirm = () => {
    remove.mutate(fields, {
      onError: (error) => {
        setAsking(false);
        if (hasCode(error, "invalid_credentials")) return setFieldErrors({ currentPassword: { message: m.passwordWrong } });
        if (hasCode(error, MEMBER_DATA_CODES.confirmationMismatch)) return setFieldErrors({ confirmation: { message: m.confirmationMismatch } });
        if (hasCode(error, MEMBER_DATA_CODES.lastAdmin)) return setFormError({ message: m.lastAdmin });
        if (hasCode(error, MEMBER_DATA_CODES.paymentCancelFailed)) return setFormError({ message: m.paymentFailed });
        setFormError({ message: m.failed });
      },
    });
  };

  return (
    <>
      <p className="muted">
        <FormattedMessage {...m.intro} />
      </p>
      {formError && (
        <FormBanner kind="error">
          <UiText value={formError} />
        </FormBanner>
      )}
      <form ref={formRef} className="form settings-delete" noValidate onSubmit={onSubmit}>
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
        <FormField
          label={<FormattedMessage {...m.confirmation} values={{ username }} />}
          name="confirmation"
          autoComplete="off"
          required
          value={fields.confirmation}
          onChange={bind("confirmation")}
          error={fieldErrors.confirmation}
        />
        <button type="submit" className="btn btn-danger">
          <FormattedMessage {...m.submit} />
        </button>
      </form>
      {asking && (
        <ConfirmDialog
          title={<FormattedMessage {...m.dialogTitle} />}
          cancelLabel={<FormattedMessage {...m.cancel} />}
          confirmLabel={<FormattedMessage {...m.confirm} />}
          busyLabel={<FormattedMessage {...m.busy} />}
          busy={remove.isPending}
          onConfirm={onConfirm}
          onClose={() => setAsking(false)}
        >
          <p>
            <FormattedMessage {...m.dialogBody} values={{ username }} />
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
