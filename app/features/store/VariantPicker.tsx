// A merch product's options (size, colour) as radio buttons, each with its stock: "Only 2 left",
// and "Sold out" on an option that cannot be chosen.
import { FormattedMessage } from "react-intl";
import type { PublicVariant } from "#contracts/store/store.ts";
import { storeMessages as m } from "./messages";

export const variantLabel = (variant: Pick<PublicVariant, "size" | "colour">) => [variant.size, variant.colour].filter(Boolean).join(" / ");

type Props = { name: string; variants: PublicVariant[]; chosen: string | null; onChoose: (id: string) => void };

export function VariantPicker({ name, variants, chosen, onChoose }: Props) {
  return (
    <fieldset className="store-variants">
      <legend>
        <FormattedMessage {...m.optionLegend} />
      </legend>
      <div className="store-variant-options">
        {variants.map((variant) => {
          const soldOut = variant.stock.state === "sold_out";
          const id = `${name}-${variant.id}`;
          return (
            <div key={variant.id} className={`store-variant${soldOut ? " store-variant-sold-out" : ""}`}>
              <input
                type="radio"
                id={id}
                name={name}
                value={variant.id}
                checked={chosen === variant.id}
                disabled={soldOut}
                onChange={() => onChoose(variant.id)}
                aria-describedby={variant.stock.state === "in_stock" ? undefined : `${id}-stock`}
              />
              <label htmlFor={id}>{variantLabel(variant) || variant.id}</label>
              {variant.stock.state !== "in_stock" && (
                <span id={`${id}-stock`} className={`store-variant-stock store-variant-stock-${variant.stock.state}`}>
                  {soldOut ? <FormattedMessage {...m.soldOut} /> : <FormattedMessage {...m.left} values={{ count: variant.stock.left ?? 0 }} />}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
