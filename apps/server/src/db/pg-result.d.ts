/** node-postgres's result of one statement (`pg/lib/result.js`), as far as the server uses it. */
declare module 'pg/lib/result.js' {
  export interface FieldDescription {
    name: string;
    dataTypeID: number;
    format?: 'text' | 'binary';
  }
  export type Parser = (value: string) => unknown;
  export interface TypeParsers {
    getTypeParser(oid: number, format: 'text' | 'binary'): Parser;
  }
  export default class Result {
    constructor(rowMode?: string, types?: unknown);
    rowAsArray: boolean;
    fields: FieldDescription[];
    rows: unknown[];
    _parsers: Parser[] | undefined;
    _types: TypeParsers | undefined;
    addFields(fields: FieldDescription[]): void;
    parseRow(row: unknown[]): unknown;
  }
}
