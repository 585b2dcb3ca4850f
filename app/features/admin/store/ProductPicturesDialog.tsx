// A product's pictures: each in the store's order (the first is the cover) with Move up, Move down
// and Delete, and an upload that adds one at the end as soon as it is chosen (JPEG, PNG or WebP, up
// to the catalog's size).
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { CATALOG_IMAGE_ACCEPT, CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { STORE_IMAGES_MAX, type AdminProduct } from "#contracts/store/admin.ts";
import { formatBytes } from "../format";
import { MediaModal } from "../components/form/MediaModal";
import { UploadField } from "../components/form/UploadField";
import { failureText } from "./errors";
import { storeAdminMessages as m } from "./messages";
import { titleIn } from "./money";
import { storeApi, useStoreRefresh } from "./queries";

type Change = { kind: "order"; ids: number[] } | { kind: "delete"; id: number };

export function ProductPicturesDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const intl = useIntl();
  const refresh = useStoreRefresh();
  const change = useMutation({
    mutationFn: (c: Change) => (c.kind === "order" ? storeApi.orderPictures(product.id, c.ids) : storeApi.deletePicture(product.id, c.id)),
    onSettled: refresh,
  });
  const ids = product.images.map((i) => i.id);
  const move = (from: number, to: number) => {
    const next = [...ids];
    [next[from], next[to]] = [next[to]!, next[from]!];
    change.mutate({ kind: "order", ids: next });
  };

  return (
    <MediaModal title={intl.formatMessage(m.picturesTitle, { title: titleIn(product, intl.locale) })} onClose={onClose}>
      {product.images.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.picturesEmpty)}</p>
      ) : (
        <ol className="admin-store-pictures" aria-label={intl.formatMessage(m.picturesListLabel)}>
          {product.images.map((image, index) => (
            <li key={image.id} className="admin-store-picture">
              <img src={image.url} alt={intl.formatMessage(m.pictureAlt, { n: index + 1 })} width={72} height={72} />
              <div className="admin-store-actions">
                <button type="button" className="btn btn-ghost btn-sm" disabled={index === 0 || change.isPending} onClick={() => move(index, index - 1)}>
                  {intl.formatMessage(m.moveUp)}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={index === product.images.length - 1 || change.isPending}
                  onClick={() => move(index, index + 1)}
                >
                  {intl.formatMessage(m.moveDown)}
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  aria-label={intl.formatMessage(m.pictureDeleteNamed, { n: index + 1 })}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ kind: "delete", id: image.id })}
                >
                  {intl.formatMessage(m.delete)}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {change.isError && (
        <p className="error-banner" role="alert">
          {intl.formatMessage(failureText(change.error))}
        </p>
      )}
      {product.images.length < STORE_IMAGES_MAX ? (
        <UploadField
          kind="image"
          url={storeApi.pictureUploadUrl(product.id)}
          accept={CATALOG_IMAGE_ACCEPT}
          maxBytes={CATALOG_IMAGE_MAX_BYTES}
          label={intl.formatMessage(m.pictureAdd)}
          hint={intl.formatMessage(m.pictureHint, { max: formatBytes(intl, CATALOG_IMAGE_MAX_BYTES), count: STORE_IMAGES_MAX })}
          onUploaded={refresh}
          startOnChoose
        />
      ) : (
        <p className="muted">{intl.formatMessage(m.picturesFull, { count: STORE_IMAGES_MAX })}</p>
      )}
    </MediaModal>
  );
}
