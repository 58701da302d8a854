export type SqlParam = string | number;

/** SQL text with `?` placeholders and their values, in order. */
export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

/** SQL that is never user text: table, column and alias names chosen by this module. */
export class Raw {
  constructor(readonly sql: string) {}
}

export function raw(sql: string): Raw {
  return new Raw(sql);
}

type Piece = SqlFragment | Raw | SqlParam;

function isFragment(piece: Piece): piece is SqlFragment {
  return typeof piece === "object" && !(piece instanceof Raw);
}

/** Builds a fragment: interpolated strings and numbers become bound parameters, never SQL text. */
export function sql(strings: TemplateStringsArray, ...pieces: Piece[]): SqlFragment {
  let text = strings[0];
  const params: SqlParam[] = [];
  pieces.forEach((piece, index) => {
    if (piece instanceof Raw) text += piece.sql;
    else if (isFragment(piece)) {
      text += piece.sql;
      params.push(...piece.params);
    } else {
      text += "?";
      params.push(piece);
    }
    text += strings[index + 1];
  });
  return { sql: text, params };
}

export function join(fragments: readonly SqlFragment[], separator: string): SqlFragment {
  return { sql: fragments.map((f) => f.sql).join(separator), params: fragments.flatMap((f) => f.params) };
}

