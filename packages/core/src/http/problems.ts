/**
 * Every problem code the API answers with, and its HTTP status (spec 1 §8, spec 2 §8: the apps show `message`;
 * the code is for programs). An endpoint lists the codes of its own domain in `problems`; the {@link COMMON_PROBLEMS}
 * can come from any endpoint. The API only throws a code its endpoint declares (`problem()` in apps/api), and the
 * client narrows on them with `isProblem(err, endpoint, code)`.
 */
export const PROBLEMS = {
  // Common to every endpoint: the request as such.
  validation: 400,
  bad_request: 400,
  invalid_json: 400,
  body_too_large: 400,
  file_too_large: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  internal: 500,
  /** The endpoint works on the current organisation and the user has none (spec 2 §2: choose a shop first). */
  no_current_org: 400,
  // Accounts (spec 2 §7 auth).
  invalid_credentials: 401,
  email_taken: 409,
  /** A password-reset token that is unknown, used or expired. */
  invalid_token: 400,
  // Changes that must not be repeated or raced (docs/decisions/0007, 0020).
  idempotency_key_required: 400,
  idempotency_key_reused: 422,
  conflict: 409,
  // Orders, picking and shipping (spec 1 §4, spec 2 §4).
  order_shipped: 409,
  order_cancelled: 409,
  cancellation_requested: 409,
  over_pick: 409,
  nothing_shipped: 409,
  not_single_line: 409,
  unknown_shipment_method: 400,
  unknown_shipment_box: 400,
  no_shipment_method: 400,
  // Locations and stock (spec 2 §2 Product location widget, §8; issue 9).
  /** A location name is taken: names are unique in the warehouse, since they are scanned. */
  location_exists: 409,
  /** Stock cannot go onto an inactive location. */
  location_inactive: 409,
  /**
   * Inbound stock cannot go onto a quarantine location (issue 12: returned goods wait there and are never picked;
   * ADR 0130): the message names the location. Moving pieces off one is allowed.
   */
  location_quarantine: 409,
  /** A location to take off a product still holds stock: 'Oeps! deze locatie is nog niet leeg'. */
  location_not_empty: 409,
  /**
   * Other products lie on the location a product is to be put on (spec 2 §4, spec 3 §4: '202 or 405 means other
   * products hold the location (offer to clear)'): nothing changed; `issues` name each of them.
   */
  location_held: 405,
  /** The stock changed since the sender read it (an offline change meets a newer one): show both, do not overwrite. */
  stock_changed: 409,
  /** A location group or cut-off group of that name exists. */
  group_exists: 409,
  // Several pickers at once (issue 11).
  /** Another picker has this pick item for now: the floor moves on to the next one. */
  claimed: 409,
  /** Order grouping (issue 11; spec 2 §4): the order has grouped products in another location; only that one is accepted. */
  wrong_group_location: 409,
  /**
   * Order grouping (ADR 0142): stock lies on the scanned destination or a location under it (a stock bin or its rack),
   * so it is no cart, tote or grouping location; the issue's `values.value` names the location. Nothing changed.
   */
  location_holds_stock: 409,
  // Returns (issue 12).
  /** A return needs a shipped order. */
  not_shipped: 409,
  /** More pieces asked back than were shipped and not returned yet. */
  return_quantity: 409,
  /** The returned item is closed (fulfilled) already. */
  return_closed: 409,
  // Inbound (issue 10; spec 2 §4 Inbound).
  /** The inbound is checked in: only pending inbounds and their items may be edited, added to or deleted from. */
  inbound_not_pending: 409,
  /** The inbound item is submitted (checked in) already. */
  inbound_item_submitted: 409,
  /** The scanned location is not the one to place on (spec 2 §2 Inbound item detail: the scan must match). */
  wrong_location: 409,
  /**
   * The location is reserved for a pending inbound item of another product (spec 2 §4 Inbound location finder: a
   * reserved bin is kept for the item until it is placed, dropped or the item is submitted): nothing changed; the
   * issue `location_reserved` carries `values` {location} and, for a caller of the reserving shop, {inbound, product,
   * sku?} (read by core `locationReservation`; ADR 0142).
   */
  location_reserved: 409,
  /**
   * Every announced piece of the inbound item is checked in (nothing in transit, spec 2 §2 Inbound item detail):
   * the location finder reserves nothing for it.
   */
  nothing_in_transit: 409,
  // Editing orders (issue 13; ADR 0041).
  /** The order is fulfilled by the provider (isFulfilledBySF): it cannot be edited (spec 1 §2 Order detail). */
  fulfilled_by_provider: 409,
  /** The edit would undo picking: a line with picked pieces removed, or lowered below what is picked. */
  picking_started: 409,
  // API connections (issue 14; spec 3 §7 API connections).
  /** The organisation has a connection of that name already (names are unique per organisation, case-insensitive). */
  connection_exists: 409,
  /** An outside service (bol.com, PostNL, DHL) refused or did not answer; the message says which and why. */
  outside_service: 502,
  /** The shop platform's product sync is not built yet (its adapter is missing): nothing was read or written. */
  shop_platform_unavailable: 501,
  /** A product sync of this connection is running already (another request or tab); try again when it ends. */
  shop_sync_running: 409,
  /** The shop URL is or resolves to an address of the server's own machine or network (ADR 0107): not asked. */
  shop_url_not_public: 422,
  // Products (issue 15; spec 3 §2 delete).
  /** A product with stock, orders, inbound or return lines or a stock history cannot be deleted: deactivate it. */
  product_in_use: 409,
  // The product card (issue 15; spec 3 §5 delete, ADR 0048).
  /** A product with stock on a location cannot be deleted: correct or move the stock first. */
  product_has_stock: 409,
  /** A product on an open order cannot be deleted: ship or cancel those orders first. */
  product_in_open_orders: 409,
  // Shipping bol orders (issue 14; spec 1 §4 Shipping a card, ADR 0045).
  /** The order did not come from bol.com, or the intake stored none of its bol order items: no bol label for it. */
  not_marketplace_order: 409,
  /** The bol connection the order came in through is disabled or gone: bol cannot be asked for it. */
  marketplace_connection_inactive: 409,
  /** Shipping with a carrier needs the organisation's active connection of that carrier (settings → API connections). */
  carrier_not_connected: 409,
  /** The order has no open cancellation request of its customer (none came, or it was accepted already). */
  no_cancellation_request: 409,
  // The admin area (issue 16; spec 3 §2 Admin area, ADR 0053).
  /** A shipment method or surcharge code, box name or role key is in use already (unique, case-insensitive). */
  code_taken: 409,
  /** The order number is used by several shops: say which (`org_id`). */
  ambiguous_order: 409,
  /** The role edit would take the role editor away from the caller's own current role. */
  role_locks_out: 409,
  // Shops and the organisation wizard (issue 16; spec 3 §5, ADR 0051).
  /** An upload is not what it claims: a logo that is not PNG, JPEG or a clean SVG, or a VAT exemption that is no PDF. */
  invalid_upload: 400,
  /**
   * The provider's own organisation cannot be deactivated (the warehouse runs on it), and sells nothing, so products
   * are not imported or added for it (ADR 0142): choose a shop.
   */
  provider_org: 409,
  // Users, licences and subscriptions (issue 16; spec 3 §2 Users, pricing and terms; ADR 0050).
  /** Subscribing or changing the subscription needs the terms of service in force to be accepted first. */
  terms_not_accepted: 409,
  /** The shop has a subscription already: change it (PUT /subscriptions). */
  subscription_exists: 409,
  /** A plan's count is below the licences of it that the shop's users hold: take licences away first. */
  licences_in_use: 409,
  /** A plan (licence) id that is not one of GET /plans. */
  unknown_plan: 400,
  /** Every licence of that plan is in use: add licences to the subscription first. */
  no_licence_left: 409,
  /** The change would leave the shop without a user who may manage its users and subscription. */
  last_owner: 409,
  // The route plan (spec 3 §7 sales/routes; ADR 0133).
  /** The warehouse's address (the provider organisation's city and country) cannot be placed on the map. */
  no_depot: 409,
} as const;

/** A problem code of the API. */
export type ProblemCode = keyof typeof PROBLEMS;

/** Codes any endpoint may answer: malformed input, session, permission, tenant 404, rate limit, crash. */
export const COMMON_PROBLEMS = [
  'validation',
  'bad_request',
  'invalid_json',
  'body_too_large',
  'file_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'internal',
  'no_current_org',
] as const satisfies readonly ProblemCode[];

/** A code of {@link COMMON_PROBLEMS}. */
export type CommonProblemCode = (typeof COMMON_PROBLEMS)[number];
