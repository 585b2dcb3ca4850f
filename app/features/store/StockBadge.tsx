// "Sold out" and "Only 3 left": said only when it matters (plenty in stock says nothing).
import { FormattedMessage } from "react-intl";
import type { Stock } from "#contracts/store/store.ts";
import { storeMessages as m } from "./messages";

export function StockBadge({ stock, className = "" }: { stock: Stock; className?: string }) {
  if (stock.state === "in_stock") return null;
  return (
    <span className={`store-badge store-badge-${stock.state} ${className}`.trim()}>
      {stock.state === "sold_out" ? <FormattedMessage {...m.soldOut} /> : <FormattedMessage {...m.left} values={{ count: stock.left ?? 0 }} />}
    </span>
  );
}
