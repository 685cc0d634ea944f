// The scaled dialect: a pg pool. int8 columns (our timestamps and ids) come back as numbers, checked to be safe
// integers, so both dialects hand the same types to the code above them. The schema is the connection's
// search_path (e.g. `?options=-c%20search_path%3Dexchange` in the URL).
import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { statementName } from './prepared.ts';

const INT8_OID = 20;
export const POOL_SIZE = 10;

export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a safe JavaScript integer`);
  return n;
}

// Per pool rather than pg.types.setTypeParser, so nothing else in the process changes behaviour.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function postgresDialect(url: string): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, types, max: POOL_SIZE });
  // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database) is an 'error' on the
  // pool; unhandled, it would end the process. The pool drops that client and opens another when one is next needed,
  // and a query on a broken connection fails on its own, where its caller handles it.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL ended an idle connection (${error.message}); the next query opens another`, { code: 'PG_IDLE_CONNECTION_ENDED' });
  });
  // Registered texts (prepared.ts) go as named statements, parsed once per connection; Kysely calls
  // `query(text, parameters)`, so each new connection's query is wrapped before the pool hands it out.
  pool.on('connect', (client) => {
    const plain = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
    const query = (config: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof config === 'string' && Array.isArray(values) ? statementName(config) : undefined;
      return name === undefined ? plain(config, values, callback) : plain({ name, text: config, values }, callback);
    };
    client.query = query as typeof client.query;
  });
  return new PostgresDialect({ pool });
}
