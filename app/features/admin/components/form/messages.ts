// Every visible string of the back office's form kit (form frame, upload field, picture dialog,
// upload errors), shipped with the chunks of the pages that use it (messages.pt-BR.json for Portuguese, merged
// in by AdminFormMessages).
import { defineMessage, defineMessages } from "react-intl";

export const formKitMessages = {
  ...defineMessages({
    cancel: { id: "adminForm.cancel", defaultMessage: "Cancel" },
    close: { id: "adminForm.close", defaultMessage: "Close" },
    uploadChoose: { id: "adminForm.upload.choose", defaultMessage: "Choose a file" },
    uploadNoFile: { id: "adminForm.upload.noFile", defaultMessage: "No file chosen" },
    uploadStart: { id: "adminForm.upload.start", defaultMessage: "Upload" },
    uploadCancel: { id: "adminForm.upload.cancel", defaultMessage: "Cancel upload" },
    uploadProgressLabel: { id: "adminForm.upload.progressLabel", defaultMessage: "Upload progress" },
    uploadDone: { id: "adminForm.upload.done", defaultMessage: "Upload complete" },
    uploadCanceled: { id: "adminForm.upload.canceled", defaultMessage: "Upload canceled" },
    uploadWrongImage: { id: "adminForm.upload.wrongImage", defaultMessage: "Wrong file type: choose a JPEG, PNG or WebP image" },
    uploadWrongAudio: { id: "adminForm.upload.wrongAudio", defaultMessage: "Wrong file type: choose an MP3, AAC/M4A, Ogg/Opus, FLAC or WAV file" },
    uploadWrongVideo: { id: "adminForm.upload.wrongVideo", defaultMessage: "Wrong file type: choose an MP4 or WebM video" },
    uploadWrongMaster: { id: "adminForm.upload.wrongMaster", defaultMessage: "Wrong file type: a master is a WAV or FLAC file" },
    uploadDimensions: { id: "adminForm.upload.dimensions", defaultMessage: "The image is too large: at most 8000 pixels a side" },
    uploadEmpty: { id: "adminForm.upload.empty", defaultMessage: "The file is empty" },
    uploadFailed: { id: "adminForm.upload.failed", defaultMessage: "The upload failed. Please try again." },
    uploadNetwork: { id: "adminForm.upload.network", defaultMessage: "The connection was lost during the upload. Please try again." },
    uploadImageField: { id: "adminForm.upload.imageField", defaultMessage: "Image" },
    minTier: { id: "adminForm.minTier", defaultMessage: "Lowest membership tier" },
    minTierVip: { id: "adminForm.minTier.vip", defaultMessage: "VIP and above (every paid tier)" },
    minTierUnknown: { id: "adminForm.minTier.unknown", defaultMessage: "That membership tier no longer exists. Choose another." },
    minTierArchived: { id: "adminForm.minTier.archived", defaultMessage: "That membership tier is archived. Choose another." },
    languageEnglish: { id: "adminForm.language.en", defaultMessage: "English" },
    languagePortuguese: { id: "adminForm.language.ptBR", defaultMessage: "Portuguese (Brazil)" },
    fieldName: { id: "adminForm.field.name", defaultMessage: "Name" },
    fieldDescription: { id: "adminForm.field.description", defaultMessage: "Description" },
  }),
  uploadProgress: defineMessage<{ percent: string | number; loaded: string | number; total: string | number }>({
    id: "adminForm.upload.progress",
    defaultMessage: "{percent} uploaded ({loaded} of {total})",
  }),
  uploadTooLarge: defineMessage<{ max: string | number }>({ id: "adminForm.upload.tooLarge", defaultMessage: "File too large: the maximum is {max}" }),
  uploadImageHint: defineMessage<{ max: string | number }>({ id: "adminForm.upload.imageHint", defaultMessage: "JPEG, PNG or WebP, up to {max}." }),
};
