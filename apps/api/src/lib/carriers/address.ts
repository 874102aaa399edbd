/** The address readers live in core (common/address.ts), shared with the apps; the carriers read them from here. */
export { addressFromOrganisation, addressFromShipmentDetails } from '@hoppa/core';
