// The products table: each product with its first picture, title, kind and what it sells, its
// state, price (name-your-price as "or more", the VIP's price or discount), merch's stock at a
// glance, items sold, and its actions (sizes and stock for merch, delete only while unsold).
import { useIntl, type IntlShape, type MessageDescriptor } from "react-intl";
import type { AdminProduct } from "#contracts/store/admin.ts";
import { KIND_LABELS, STATE_LABELS, STOCK_LABELS, storeAdminMessages as m } from "./messages";
import { priceLabel, titleIn } from "./money";

export type ProductAction = "edit" | "pictures" | "variants" | "delete";

export function ProductTable({ products, onAction }: { products: AdminProduct[]; onAction: (action: ProductAction, product: AdminProduct) => void }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table admin-store-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colProduct)}</th>
            <th scope="col">{intl.formatMessage(m.colState)}</th>
            <th scope="col">{intl.formatMessage(m.colPrice)}</th>
            <th scope="col">{intl.formatMessage(m.colStock)}</th>
            <th scope="col">{intl.formatMessage(m.colSold)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <ProductRow key={product.id} product={product} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "$7.00 · R$ 35,00", with "or more" for name-your-price and "free or more" for a minimum of 0. */
function priceText(intl: IntlShape, p: AdminProduct): string {
  const prices = [priceLabel(p.priceUsdCents, "usd", intl.locale), ...(p.priceBrlCents === null ? [] : [priceLabel(p.priceBrlCents, "brl", intl.locale)])];
  if (p.pricing === "fixed") return prices.join(" · ");
  if (p.priceUsdCents === 0) return intl.formatMessage(m.priceFree);
  return intl.formatMessage(m.priceOrMore, { price: prices.join(" · ") });
}

function vipText(intl: IntlShape, p: AdminProduct): string | null {
  if (p.vipDiscountPct !== null) return intl.formatMessage(m.vipDiscount, { pct: p.vipDiscountPct });
  if (p.vipPriceUsdCents === null) return null;
  const prices = [
    priceLabel(p.vipPriceUsdCents, "usd", intl.locale),
    ...(p.vipPriceBrlCents === null ? [] : [priceLabel(p.vipPriceBrlCents, "brl", intl.locale)]),
  ];
  return intl.formatMessage(m.vipPrice, { price: prices.join(" · ") });
}

/** The emptiest variant's state, said of the whole product: "Some sold out" while others are left. */
const stockLabel = (stock: NonNullable<AdminProduct["stock"]>): MessageDescriptor =>
  stock.total === 0 ? STOCK_LABELS.sold_out : stock.state === "sold_out" ? m.stockSomeSoldOut : STOCK_LABELS[stock.state];

function ProductRow({ product, onAction }: { product: AdminProduct; onAction: (action: ProductAction, product: AdminProduct) => void }) {
  const intl = useIntl();
  const title = titleIn(product, intl.locale);
  const cover = product.images[0];
  const vip = vipText(intl, product);
  const action = (kind: ProductAction, label: MessageDescriptor, named: MessageDescriptor, danger = false) => (
    <button
      type="button"
      className={danger ? "btn btn-danger btn-sm" : "btn btn-ghost btn-sm"}
      aria-label={intl.formatMessage(named, { title })}
      onClick={() => onAction(kind, product)}
    >
      {intl.formatMessage(label)}
    </button>
  );
  const about = [
    intl.formatMessage(KIND_LABELS[product.kind]),
    product.releaseTitle,
    product.giftMonths && intl.formatMessage(m.giftMonthsLabel, { months: product.giftMonths }),
  ];
  return (
    <tr>
      <th scope="row">
        <span className="admin-store-title">
          {cover ? <img src={cover.url} alt="" width={48} height={48} loading="lazy" /> : <span className="admin-store-noimage" aria-hidden="true" />}
          <span>
            {title}
            <span className="admin-store-sub">{about.filter(Boolean).join(" · ")}</span>
            <span className="admin-store-sub">/store/{product.slug}</span>
          </span>
        </span>
      </th>
      <td>
        <span className="badge admin-store-badge" data-state={product.state}>
          {intl.formatMessage(STATE_LABELS[product.state])}
        </span>
      </td>
      <td>
        {priceText(intl, product)}
        {vip && <span className="admin-store-sub">{vip}</span>}
      </td>
      <td>
        {product.stock ? (
          <>
            {intl.formatMessage(m.stockTotal, { count: product.stock.total, variants: product.variants.length })}{" "}
            <span className="badge admin-store-badge" data-state={product.stock.state}>
              {intl.formatMessage(stockLabel(product.stock))}
            </span>
          </>
        ) : (
          <span className="muted">{intl.formatMessage(m.stockNotTracked)}</span>
        )}
      </td>
      <td>{intl.formatNumber(product.sold)}</td>
      <td>
        <div className="admin-store-actions">
          {action("edit", m.edit, m.editNamed)}
          {action("pictures", m.pictures, m.picturesNamed)}
          {product.kind === "merch" && action("variants", m.variants, m.variantsNamed)}
          {product.deletable && action("delete", m.delete, m.deleteNamed, true)}
        </div>
      </td>
    </tr>
  );
}
