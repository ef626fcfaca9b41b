import { getTableColumns, type Column, type Table } from "drizzle-orm";
import type { Queryable } from "./client";

/**
 * A statement of the hot paths (a sale rush's saves and submissions), prepared with drizzle's public
 * `.prepare(name)` (decisions 061, 065, superseded in part by issue 29): built once per database or
 * transaction object instead of on every call (drizzle spends 0.1–0.3 ms of CPU building a wide select
 * or update, more than PostgreSQL spends running it), and named, so PostgreSQL parses and plans it once
 * per connection (node-postgres sends Bind/Execute after that), also when a transaction builds it anew.
 *
 * A prepared query runs on the database or transaction it was built on, so each gets its own: the
 * database's is kept while the process runs, a transaction's while the transaction object lives (a
 * statement used twice in one transaction is built once). Names must be unique per statement text:
 * the builders given here each have one shape and one name.
 */
export function preparedPerDatabase<T extends object>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
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
