import type { PostalAddress, PrintFrame } from '@hoppa/core';
import type { Db } from '../../db/client.ts';
import type { DocLang } from '../lang.ts';

/** A postal address as printed on labels and packing slips; all parts already trimmed strings. */
export type { PostalAddress } from '@hoppa/core';

/** A shipment method as stored in `shipment_methods` (spec 1 §3, §9 carrier codes). */
export interface ShipmentMethodInfo {
  id: string;
  code: string;
  name: string;
  carrier: string;
  priceCents: number;
  countryCode: string | null;
  productCode: string | null;
}

/** What a carrier needs to quote or label a parcel. */
export interface ParcelRequest {
  /** The shop's order number, printed as reference. */
  shopOrderId: string;
  /** The order's internal id. */
  orderId: string;
  merchantName: string;
  sender: PostalAddress;
  recipient: PostalAddress;
  method: ShipmentMethodInfo;
  /** Parcels, one label page each (1 to 20). */
  labelQuantity: number;
  /** Total weight in kilograms when known. */
  weightKg: number | null;
  /** When the order was placed. */
  placedAt: Date;
  /** Where the labels go (spec 1 §4 'print frame'): null/absent one A6 page each, 1–4 A4 frames from that one. */
  printFrame?: PrintFrame | null;
  /** Stamps on a stamp product (1 or 2, spec 1 §4; core `stampAmount`); ignored by other carriers. */
  stampAmount?: 1 | 2;
}

/** A shipping option a carrier offers for a parcel (spec 1 §3 ship option). */
export interface CarrierOption {
  methodCode: string;
  name: string;
  priceCents: number;
}

/**
 * A created label: the tracking number and the PDF (one A6 page per parcel). `labelPdf` is null when the carrier makes
 * no label (own shipment: the merchant ships it, ADR 0044).
 */
export interface CarrierLabel {
  trackingNumber: string;
  labelPdf: Buffer | null;
  /** Public tracking page, null when the carrier has none. */
  trackingUrl: string | null;
}

/** A carrier status event (codes as PostNL: A01, B01, J01, J05, 01B). */
export interface CarrierEvent {
  code: string;
  description: string;
  at: Date;
}

/**
 * What happened to a parcel that the warehouse itself can tell (ADR 0041): the label was made, the parcel was handed
 * to the carrier, the parcel was delivered (marked by hand while no carrier reports it).
 */
export type ParcelMilestone = 'label_created' | 'handed_over' | 'delivered';

/** The shipment an event belongs to: its id, organisation and order (internal ids). */
export interface ShipmentRef {
  id: string;
  orgId: string;
  orderId: string;
}

/** The database handle and moment a carrier call runs with (inside the shipping transaction). */
export interface CarrierCallContext {
  db: Db;
  now: Date;
  /** The requester's language, for the titles of the label PDFs we make; Dutch when absent. */
  lang?: DocLang;
}

/**
 * One carrier behind one interface (design: Printing): quote options, create a label, fetch a label
 * again, track a parcel. Adapters of real carriers (PostNL, bol) are tested against the recordings in
 * shared/contracts; the built-in local carrier makes real labels when no carrier account is set up.
 */
export interface CarrierAdapter {
  /** Stable code stored in `shipments.carrier`. */
  readonly code: string;
  /** Options for a parcel among the given active methods; the local carrier offers every method that fits the country. */
  quoteOptions(
    parcel: Omit<ParcelRequest, 'method' | 'labelQuantity'>,
    methods: ShipmentMethodInfo[],
  ): Promise<CarrierOption[]>;
  /** Registers the parcel(s) and returns tracking number and label PDF. Throws HttpProblem 400/502 on refusal. */
  createLabel(ctx: CarrierCallContext, parcel: ParcelRequest): Promise<CarrierLabel>;
  /** The label PDF of an earlier shipment, null when unknown. */
  getLabel(ctx: CarrierCallContext, trackingNumber: string): Promise<Buffer | null>;
  /**
   * Status events of a parcel, oldest first; empty when unknown. `shippedAt` (when the label was made,
   * as stored) spares a lookup for carriers that derive events from it.
   */
  track(ctx: CarrierCallContext, trackingNumber: string, shippedAt?: Date): Promise<CarrierEvent[]>;
  /**
   * Records a milestone the warehouse knows as the carrier's event in `order_events` (and the parcel's delivery
   * state on `shipments`), inside the caller's transaction; `userId` who did it. Answers the event (the one
   * already recorded when repeated). Carriers that report their own events may record nothing for `delivered`.
   */
  recordMilestone(
    ctx: CarrierCallContext,
    shipment: ShipmentRef,
    milestone: ParcelMilestone,
    userId: string | null,
  ): Promise<CarrierEvent>;
  /**
   * Public tracking page of a parcel, null when the carrier has none. `methodCode` is the shipment's stored method
   * code (a bol-label shipment names its transporter there, `BOL-TNT`).
   */
  trackingUrl(
    trackingNumber: string,
    recipient: Pick<PostalAddress, 'countryCode' | 'zipCode'>,
    methodCode?: string,
  ): string | null;
}
