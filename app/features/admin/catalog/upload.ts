// The catalog's uploads use the site's upload helper (app/lib/upload.ts), shared with the settings
// page's artist portrait: a feature never imports another feature.
export { isAbort, uploadFile, useUpload, type Progress, type UploadState } from "../../../lib/upload";
