import { z } from 'zod';
import { IdSchema, OkSchema } from '../common/common.schema.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  AutomationBodySchema,
  AutomationImportBodySchema,
  AutomationImportResultSchema,
  AutomationListQuerySchema,
  AutomationListSchema,
  AutomationSchema,
  AutomationUpdateBodySchema,
} from './automation.schema.ts';

/**
 * `GET /automations/{product_id}` (spec 3 §7 Automations): the automation rules of one product, oldest first (the
 * order they are applied in), paged. 404 when the product is not one of the user's organisations'.
 */
export const automationListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/automations/:product_id',
  summary: "A product's automation rules",
  params: z.object({ product_id: IdSchema }),
  query: AutomationListQuerySchema,
  response: AutomationListSchema,
  tags: ['automations'],
});

/**
 * `POST /automation/` (spec 3 §7 Automations; §2 Automation rules panel): a new rule of a product. 201 with the rule;
 * 404 for a product of another organisation; 400 `validation` for an unknown shipment method, box or added EAN, or a
 * condition that cannot hold (text fields compare with == or != only).
 */
export const automationCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/automation/',
  summary: 'Add an automation rule to a product',
  body: AutomationBodySchema,
  response: AutomationSchema,
  status: 201,
  tags: ['automations'],
});

/** `PUT /automation/` (spec 3 §7 Automations): changes a rule (`_id`); the same checks as creating; 404 outside. */
export const automationUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/automation/',
  summary: 'Change an automation rule',
  body: AutomationUpdateBodySchema,
  response: AutomationSchema,
  tags: ['automations'],
});

/** `DELETE /automation/{id}` (spec 3 §7 Automations): removes a rule; orders it changed keep their record. 404 outside. */
export const automationDeleteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/automation/:id',
  summary: 'Delete an automation rule',
  params: z.object({ id: IdSchema }),
  response: OkSchema,
  tags: ['automations'],
});

/**
 * `POST /products/import-automations` (spec 3 §7 Import; §3 automation import fields, §5 row rules): stores the rules
 * of the mapped rows for products of the current organisation, all valid rows in one transaction; a rule identical to
 * one the product has is counted `unchanged`, not stored twice. Answers 201 `{ automations: { success, unchanged,
 * errors: [{row, ean, reason}] } }`.
 */
export const automationImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/products/import-automations',
  summary: 'Import automation rules from mapped spreadsheet rows',
  body: AutomationImportBodySchema,
  response: AutomationImportResultSchema,
  status: 201,
  scope: 'org',
  tags: ['automations'],
});
