/** Whether a database error is a unique violation (PostgreSQL 23505), of `constraint` when named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return (
    pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint)
  );
}
