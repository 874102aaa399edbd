/** True for PostgreSQL's unique violation (23505): a code, name or key in use, also when two requests race. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
