// The Edit Profile dialog (docs/features.md#sign-up-sign-in-and-profiles): username, bio, website, location, whether others see when the member joined and how long they have supported (decision 100), and a new picture; the username's pattern, a website URL, an image under 2MB.
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ProfileView } from "#contracts/profiles.ts";
import { ApiRequestError } from "../../lib/api";
import { FormBanner, FormField, UiText } from "../../components/form/FormField";
import { useFormFields } from "../../components/form/useFormFields";
import { serverErrorField, serverErrorText, type ErrorTexts } from "../../lib/forms/errorText";
import { formMessages } from "../../lib/forms/messages";
import { Avatar } from "../../components/Avatar";
import { profileMessages } from "./messages";
import { FilePickerField } from "../../components/FilePickerField";
import { Modal } from "../../components/Modal";
import { useUpdateProfile } from "./mutations";
import { checkAvatarFile, validateProfile, type ProfileFields } from "./validation";
import { useChosenFile } from "../../lib/useChosenFile";

type FieldName = keyof ProfileFields | "avatar";

/** Codes of the avatar upload route that are about the picture itself. */
const AVATAR_ERROR_CODES = new Set(["not_image", "too_large", "image_dimensions", "payload_too_large", "invalid_upload", "upload_conflict"]);
/** A picture too large, at the avatar's limit (a post's image has another). */
const AVATAR_TEXTS: ErrorTexts = { too_large: profileMessages.avatarTooLarge };

function fieldOf(error: unknown): FieldName | undefined {
  if (error instanceof ApiRequestError && AVATAR_ERROR_CODES.has(error.code)) return "avatar";
  const field = serverErrorField(error);
  return field === "username" || field === "bio" || field === "website" || field === "location" ? field : undefined;
}

export function EditProfileDialog({ profile, onClose }: { profile: ProfileView; onClose: () => void }) {
  const intl = useIntl();
  const update = useUpdateProfile(profile.id);
  const formId = useId();
  const {
    formRef,
    fields,
    bind,
    fieldErrors: errors,
    setFieldErrors,
    formError,
    setFormError,
    check,
  } = useFormFields<ProfileFields, FieldName>(
    () => ({ username: profile.username, bio: profile.bio ?? "", website: profile.website ?? "", location: profile.location ?? "" }),
    { validate: validateProfile },
  );
  const [avatar, chooseAvatar] = useChosenFile();
  const [initialPrivacy] = useState(() => ({
    hideMemberSince: profile.privacy?.hideMemberSince ?? false,
    hideMonthsSupported: profile.privacy?.hideMonthsSupported ?? false,
  }));
  const [privacy, setPrivacy] = useState(initialPrivacy);
  // The choices go with the save only when they changed, like the fields the form leaves as they were.
  const privacyChanged = privacy.hideMemberSince !== initialPrivacy.hideMemberSince || privacy.hideMonthsSupported !== initialPrivacy.hideMonthsSupported;

  const onPickAvatar = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const problem = file ? checkAvatarFile(file) : undefined;
    setFieldErrors(({ avatar: _previous, ...rest }) => (problem ? { ...rest, avatar: problem } : rest));
    if (problem) e.target.value = ""; // refuse it outright, so a bad file is never uploaded by mistake
    chooseAvatar(problem ? null : file);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A picture refused when it was chosen stays refused.
    if (!check(errors.avatar ? { avatar: errors.avatar } : {})) return;
    update.mutate(
      { fields, avatar: avatar?.file ?? null, ...(privacyChanged && { privacy }) },
      {
        onSuccess: onClose,
        onError: (error) => {
          setFormError({ message: profileMessages.updateFailed });
          const field = fieldOf(error);
          if (field) setFieldErrors({ [field]: serverErrorText(error, AVATAR_TEXTS) ?? { message: profileMessages.uploadFailed } });
        },
      },
    );
  };

  // The actions sit in the dialog's footer, outside the scrolling body, so a tall form (a picture
  // preview on a small phone) never pushes Save out of view; `form` ties Save to the form.
  const footer = (
    <>
      {formError && (
        <FormBanner kind="error">
          <UiText value={formError} />
        </FormBanner>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <FormattedMessage {...profileMessages.cancel} />
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={update.isPending}>
          <FormattedMessage {...(update.isPending ? profileMessages.saving : profileMessages.save)} />
        </button>
      </div>
    </>
  );

  return (
    <Modal title={<FormattedMessage {...profileMessages.editTitle} />} onClose={onClose} className="dialog-form" footer={footer}>
      <form id={formId} ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormField
          label={<FormattedMessage {...formMessages.usernameLabel} />}
          name="username"
          autoComplete="username"
          required
          value={fields.username}
          onChange={bind("username")}
          error={errors.username}
        />
        <FormField
          multiline
          label={<FormattedMessage {...profileMessages.bioLabel} />}
          name="bio"
          rows={4}
          value={fields.bio}
          onChange={bind("bio")}
          error={errors.bio}
        />
        <FormField
          label={<FormattedMessage {...profileMessages.websiteLabel} />}
          type="url"
          name="website"
          inputMode="url"
          placeholder="https://"
          value={fields.website}
          onChange={bind("website")}
          error={errors.website}
        />
        <FormField
          label={<FormattedMessage {...profileMessages.locationLabel} />}
          name="location"
          value={fields.location}
          onChange={bind("location")}
          error={errors.location}
        />
        <fieldset>
          <legend>
            <FormattedMessage {...profileMessages.privacyLegend} />
          </legend>
          <label className="form-check">
            <input
              type="checkbox"
              name="hideMemberSince"
              checked={privacy.hideMemberSince}
              onChange={(e) => setPrivacy({ ...privacy, hideMemberSince: e.target.checked })}
            />{" "}
            <FormattedMessage {...profileMessages.hideMemberSince} />
          </label>
          <label className="form-check">
            <input
              type="checkbox"
              name="hideMonthsSupported"
              checked={privacy.hideMonthsSupported}
              onChange={(e) => setPrivacy({ ...privacy, hideMonthsSupported: e.target.checked })}
            />{" "}
            <FormattedMessage {...profileMessages.hideMonthsSupported} />
          </label>
        </fieldset>
        <FilePickerField
          label={<FormattedMessage {...profileMessages.avatarLabel} />}
          buttonLabel={<FormattedMessage {...profileMessages.avatarChoose} />}
          emptyText={<FormattedMessage {...profileMessages.avatarNoFile} />}
          fileName={avatar?.file.name ?? null}
          name="avatar"
          accept="image/*"
          onChange={onPickAvatar}
          hint={<FormattedMessage {...profileMessages.avatarHint} />}
          error={errors.avatar && <UiText value={errors.avatar} />}
          preview={avatar && <Avatar src={avatar.previewUrl} alt={intl.formatMessage(profileMessages.avatarPreviewAlt)} size={96} className="avatar-preview" />}
        />
      </form>
    </Modal>
  );
}
