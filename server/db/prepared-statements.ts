import { getTableColumns, type Column, type Table } from "drizzle-orm";
import type { Queryable } from "./client";

/** What drizzle's database and transaction objects carry at run time (not in its public types). */
type SessionOf = { session: { client: unknown }; dialect: object };
/** A prepared query as drizzle builds it: it runs on the connection (or pool) in `client`. */
type BoundToClient = { client: unknown };

function internalsOf(db: Queryable): SessionOf {
  const { session, dialect } = db as unknown as Partial<SessionOf>;
  if (!session || typeof session !== "object" || !("client" in session) || !dialect) {
    throw new Error("drizzle's database object no longer carries session.client and dialect: check preparedPerDatabase against the installed drizzle-orm");
  }
  return { session, dialect };
}

/**
 * A statement of the hot paths (a sale rush's saves and submissions), built once per database instead
 * of on every call (decisions 061, 065). Drizzle spends 0.1–0.3 ms of CPU building a wide select or
 * update, more than PostgreSQL spends running it; prepared with `sql.placeholder`s it is built once,
 * and with its name PostgreSQL parses and plans it once per connection too (node-postgres sends
 * Bind/Execute after that).
 *
 * Drizzle binds a prepared query to the connection it was built on. Inside a transaction the one built
 * statement is lent to the transaction's connection (a copy whose `client` is the transaction's), so a
 * statement of a submission's transaction is not rebuilt either; it runs inside that transaction.
 * A database and its transactions share one drizzle dialect object: that is the key. Names must be
 * unique per statement text: the builders given here each have one shape and one name.
 */
export function preparedPerDatabase<T extends object>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    const { session, dialect } = internalsOf(db);
    let statement = built.get(dialect);
    if (statement === undefined) {
      statement = build(db);
      if (!("client" in statement)) throw new Error("a prepared statement without a client: preparedPerDatabase takes drizzle's .prepare() results");
      built.set(dialect, statement);
    }
    if ((statement as BoundToClient).client === session.client) return statement;
    // Own property over the shared one: every other field and the methods come from the built statement.
    return Object.create(statement, { client: { value: session.client } }) as T;
  };
}

/**
 * A value as its column sends it to the database, for a raw `sql.placeholder` (drizzle encodes the
 * values it binds itself, but its encoding of a placeholder lets no NULL through for a timestamp or a
 * JSON column): what a prepared update with a column set of its own shape passes.
 */
export function columnEncoder(table: Table): (column: string, value: unknown) => unknown {
  const columns: Record<string, Column> = getTableColumns(table);
  return (column, value) => {
    const definition = columns[column];
    if (!definition) throw new Error(`no column ${column}`);
    return value === null || value === undefined ? null : definition.mapToDriverValue(value);
  };
}

/**
 * `preparedPerDatabase` for a statement whose text depends on a shape (which columns an update sets):
 * one named statement per shape key, `<prefix>_<n>`, each name given to one text only. Past
 * `maximumShapes` a new shape is built for its call and sent unnamed, so a caller writing ever new
 * shapes cannot grow the process or PostgreSQL's per-connection statements without bound.
 */
export function preparedPerShape<Shape, T extends object>(
  prefix: string,
  maximumShapes: number,
  build: (db: Queryable, shape: Shape, name: string) => T,
): (db: Queryable, key: string, shape: Shape) => T {
  const statements = new Map<string, (db: Queryable) => T>();
  return (db, key, shape) => {
    let statement = statements.get(key);
    if (!statement && statements.size < maximumShapes) {
      const name = `${prefix}_${statements.size + 1}`;
      statement = preparedPerDatabase((database) => build(database, shape, name));
      statements.set(key, statement);
    }
    return statement ? statement(db) : build(db, shape, "");
  };
}
