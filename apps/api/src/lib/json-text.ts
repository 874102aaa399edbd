/**
 * An answer whose JSON text the service has already written (issue 8 §3 hot reads, ADR 0083), e.g. the pick list
 * page with its items' fields written by the database. A route of a `trustedOutput` endpoint may return it; the
 * response serializer (lib/route.ts) sends `text` as it is, without parsing or re-encoding it. The text must be
 * exactly what the endpoint's serializer writes for the same value (the response schema's key order,
 * `JSON.stringify`'s spelling): under test every such answer is parsed, encoded with zod and compared.
 */
export class JsonText {
  /** @param text the answer's JSON text, exactly as the endpoint's response serializer would write it. */
  constructor(readonly text: string) {}
}
