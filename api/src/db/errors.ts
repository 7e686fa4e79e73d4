/**
 * The database's refusals a use-case turns into an answer (SQLSTATE codes, the same from PostgreSQL and PGlite):
 * a unique index lost a race (409, "already exists"), or a foreign key's row went away meanwhile (400, "choose another").
 */
const sqlState = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
