import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Queryable } from "./client";

/**
 * A statement of the hot paths (a sale rush's page saves), built once per database instead of on every
 * call (decision 061). Drizzle spends 0.1–0.3 ms of CPU building a wide select or update, more than
 * PostgreSQL spends running it; prepared with `sql.placeholder`s it is built once, and with its name
 * PostgreSQL parses and plans it once per connection too (node-postgres sends Bind/Execute after that).
 *
 * Inside a transaction the statement is built for that transaction (drizzle binds a prepared query to
 * its session); it still runs as the named statement. Names must be unique per statement text: the
 * builders given here each have one shape and one name.
 */
export function preparedPerDatabase<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db);
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
