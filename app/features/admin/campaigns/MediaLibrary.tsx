// Pictures for an image block from the media library: the site's stored pictures (newest first,
// campaign uploads with album covers, perk and landing pictures), or a new upload. Choosing one
// fills the block's address with its /media/ path; the Worker makes it absolute in the mail.
import { useId, useState, type ChangeEvent } from "react";
import { useIntl } from "react-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { QueryState } from "../../../components/QueryState";
import { uploadFile } from "../../../lib/upload";
import type { CampaignImage } from "#contracts/newsletter.ts";
import { CAMPAIGNS_API, campaignImagesQueryOptions } from "./queries";
import { requestErrorText } from "./errors";
import { campaignMessages as m } from "./messages";

const fileName = (src: string) => src.slice(src.lastIndexOf("/") + 1);

export function MediaLibrary({ onChoose }: { onChoose: (src: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const images = useQuery({ ...campaignImagesQueryOptions(), enabled: open });

  const choose = (src: string) => {
    onChoose(src);
    setOpen(false);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const { image } = await uploadFile<{ image: CampaignImage }>(`${CAMPAIGNS_API}/images`, file);
      void queryClient.invalidateQueries({ queryKey: campaignImagesQueryOptions().queryKey });
      choose(image.src);
    } catch (error) {
      setProblem(requestErrorText(intl, error, m.uploadFailed));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="campaign-library">
      <div className="campaign-library-actions">
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={`${id}-library`} onClick={() => setOpen((o) => !o)}>
          {intl.formatMessage(m.libraryOpen)}
        </button>
        <label className="btn btn-ghost btn-sm campaign-library-upload">
          {intl.formatMessage(uploading ? m.uploading : m.upload)}
          <input type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" disabled={uploading} onChange={(e) => void upload(e)} />
        </label>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {open && (
        <div id={`${id}-library`} role="group" aria-label={intl.formatMessage(m.libraryTitle)} className="campaign-library-grid">
          <QueryState query={images} placeholder={<p className="muted">{intl.formatMessage(m.libraryLoading)}</p>} failed={intl.formatMessage(m.libraryFailed)}>
            {({ images: stored }) =>
              stored.length === 0 ? (
                <p className="muted">{intl.formatMessage(m.libraryEmpty)}</p>
              ) : (
                stored.map((image) => (
                  <button
                    key={image.src}
                    type="button"
                    className="campaign-library-item"
                    aria-label={intl.formatMessage(m.libraryChoose, { name: fileName(image.src) })}
                    onClick={() => choose(image.src)}
                  >
                    <img src={image.src} alt="" width={96} height={96} loading="lazy" />
                  </button>
                ))
              )
            }
          </QueryState>
        </div>
      )}
    </div>
  );
}
