import pg from 'pg';
import Result, { type FieldDescription, type Parser, type TypeParsers } from 'pg/lib/result.js';

/** node-postgres's own `addFields`, kept for rows as objects. */
const addFieldsAsObjects = Result.prototype.addFields;

/**
 * node-postgres (8.x) readies every statement's result for rows as objects: for each
 * column of its row description it sets the column's name on an empty object, then copies
 * that object, even when the rows come as arrays (`rowMode: 'array'`, how Drizzle reads
 * every row), which never use it. Each of those names is a new string, looked up in V8's
 * string table as it becomes a key: a few percent of the server's thread on a donation.
 * Results of rows as arrays get their columns and parsers only, as node-postgres itself
 * sets them; rows as objects (the job queue's) keep node-postgres's own. Installed once,
 * for every client of the process (it changes the driver's prototype, bundled with the
 * server); idempotent.
 */
export function readyArrayResultsLean(): void {
  if (Result.prototype.addFields !== addFieldsAsObjects) return;
  Result.prototype.addFields = function addFields(this: Result, fields: FieldDescription[]) {
    if (!this.rowAsArray) return addFieldsAsObjects.call(this, fields);
    this.fields = fields;
    const types: TypeParsers = this._types ?? (pg.types as TypeParsers);
    const parsers = new Array<Parser>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      parsers[i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
    }
    this._parsers = parsers;
  };
}
