/**
 * Sales figures of a product (spec 3 §2 Product management columns total_sold_30d, reorder_point,
 * days_until_out_of_stock; §3 Product daily_demand, lead_time_days; ADR 0047): pure arithmetic over the pieces
 * shipped in the last {@link SALES_WINDOW_DAYS} warehouse days, the stock the warehouse holds and the lead time.
 */

/** Days of the sales window: today (Amsterdam) and the 29 days before it (spec 3 §2 "total sold 30d"). */
export const SALES_WINDOW_DAYS = 30;

/**
 * Lead time used when a product has none set (days from reordering to the goods lying in the warehouse): one week,
 * a common supplier lead time for Dutch webshops; the product card's options panel sets it per product
 * (`POST /product/set_lead_time`, spec 3 §7).
 */
export const DEFAULT_LEAD_TIME_DAYS = 7;

/** The sales figures of one product, as the product list shows them. */
export interface SalesFigures {
  /** Pieces shipped in the sales window (whole pieces). */
  total_sold_30d: number;
  /** Average pieces shipped per day over the window, rounded to 2 decimals. */
  daily_demand: number;
  /**
   * Whole days the stock lasts at that demand (stock / demand, rounded down); 0 when there is no stock; null when
   * nothing was sold in the window (the stock does not run out at this pace).
   */
  days_until_out_of_stock: number | null;
  /** Stock at which to reorder: the demand over the lead time, rounded up (pieces); 0 without sales. */
  reorder_point: number;
}

/**
 * Sales figures from the pieces shipped in the window (`sold`, ≥ 0), the warehouse stock (`stock`, pieces, may be
 * negative after a miscount) and the lead time (days; null: {@link DEFAULT_LEAD_TIME_DAYS}).
 */
export function salesFigures(sold: number, stock: number, leadTimeDays: number | null): SalesFigures {
  const demand = Math.max(0, sold) / SALES_WINDOW_DAYS;
  const lead = leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;
  return {
    total_sold_30d: Math.max(0, sold),
    daily_demand: Math.round(demand * 100) / 100,
    days_until_out_of_stock: demand === 0 ? null : stock <= 0 ? 0 : Math.floor(stock / demand),
    // A tiny epsilon keeps 30 sold over 7 days (exactly 7.0000000001 in floating point) at 7.
    reorder_point: demand === 0 ? 0 : Math.ceil(demand * lead - 1e-9),
  };
}

/** Stock classes of the stock filter and the highlighting (spec 3 §2, §9): in stock above 5, low 1–5, out 0 or below. */
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Highest stock that still counts as low (spec 3 §9: low stock 1 to 5). */
export const LOW_STOCK_MAX = 5;

/** The class of a stock by `sf_stock` (spec 3 §2): above 5 in stock, 1 to 5 low, 0 or below out of stock. */
export function stockStatus(stock: number): StockStatus {
  return stock <= 0 ? 'out_of_stock' : stock <= LOW_STOCK_MAX ? 'low_stock' : 'in_stock';
}

/**
 * The table's highlight of a stock cell (spec 3 §2 "Stock highlighting"): `low` when above 0 and below 5, `out` at 0
 * or below, else none. (The table's rule is stricter than {@link stockStatus}: 5 pieces are not highlighted.)
 */
export function stockHighlight(stock: number): 'low' | 'out' | null {
  return stock <= 0 ? 'out' : stock < LOW_STOCK_MAX ? 'low' : null;
}
