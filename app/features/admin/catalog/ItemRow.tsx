// One station or channel in its list: picture (space reserved), name, a summary line, and actions.
import type { ReactNode } from "react";
import { ReorderButtons } from "./ReorderButtons";

type ItemRowProps = {
  name: string;
  imageUrl: string | null;
  imageAlt: string;
  noImage: string;
  /** Width and height the picture is shown at (a square station image, a 16:9 thumbnail). */
  size: { width: number; height: number };
  details: ReactNode;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
};

export function ItemRow({ name, imageUrl, imageAlt, noImage, size, details, index, count, onMove, children }: ItemRowProps) {
  return (
    <article className="catalog-item card">
      <div className="catalog-item-main">
        {imageUrl ? (
          <img className="catalog-thumb" src={imageUrl} alt={imageAlt} width={size.width} height={size.height} loading="lazy" />
        ) : (
          <span className="catalog-thumb catalog-thumb-empty" style={{ width: size.width, height: size.height }}>
            {noImage}
          </span>
        )}
        <div className="catalog-item-text">
          <h2 className="catalog-item-title">{name}</h2>
          <p className="muted catalog-item-details">{details}</p>
        </div>
        <div className="catalog-item-actions">
          <ReorderButtons name={name} index={index} count={count} onMove={onMove} />
          {children}
        </div>
      </div>
    </article>
  );
}
