/** Countries and address checks (spec 2 §7; spec 1 §5 Address form). Other code reaches the module only through this file. */

export { registerAddressRoutes } from './address.routes.ts';
export { EUROPEAN_COUNTRY_CODES, isEuropeanCountry, postcodeFormat } from './address.service.ts';
