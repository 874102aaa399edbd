import { checkAddressEndpoint, countriesEuropeEndpoint, validateAddressEndpoint } from '@hoppa/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { type AddressChecker, europeanCountries, formatAddressChecker } from './address.service.ts';

/**
 * Registers the countries list and the address check (spec 2 §7). `checker` is the address source: the built-in
 * format check unless another {@link AddressChecker} is given (ADR 0040: a lookup service plugs in here).
 */
export function registerAddressRoutes(
  app: FastifyInstance,
  checker: AddressChecker = formatAddressChecker,
): void {
  route(app, countriesEuropeEndpoint, async () => europeanCountries());
  route(app, validateAddressEndpoint, async ({ query }) => checker.check(query));
  route(app, checkAddressEndpoint, async ({ body }) => checker.check(body));
}
