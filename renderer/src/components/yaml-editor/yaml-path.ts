/**
 * Where the cursor sits in a block-style YAML document, read from indentation alone (the text may
 * be half-typed and unparsable): the chain of keys and list items above it, the keys already
 * present in its mapping, and whether it is on a key or on a key's value.
 */

export type PathSegment = { key: string } | { item: true };

export interface CursorContext {
  /** From the document root down to the mapping the cursor is in. */
  path: PathSegment[];
  /** Keys already present in that mapping (other than the one being typed). */
  siblings: string[];
  /** On a value: the key whose value it is. */
  valueOf?: string;
  /** The partial word being typed. */
  prefix: string;
}

interface LineShape {
  /** Column of the key (after indentation and any `- ` markers); -1 for blank and comment lines. */
  keyCol: number;
  /** A `- ` marker sits right before the key: the line starts a list item. */
  itemStart: boolean;
  /** Column of the innermost `- ` marker, when itemStart. */
  dashCol: number;
  key: string | null;
}

const KEY_LINE = /^([A-Za-z_][\w-]*)\s*:(\s|$)/;

export function lineShape(line: string): LineShape {
  let col = 0;
  while (col < line.length && line[col] === " ") col++;
  if (col === line.length || line[col] === "#") return { keyCol: -1, itemStart: false, dashCol: -1, key: null };
  let itemStart = false;
  let dashCol = -1;
  while (line[col] === "-" && (line[col + 1] === " " || col + 1 === line.length)) {
    itemStart = true;
    dashCol = col;
    col += 1;
    while (line[col] === " ") col++;
  }
  const match = KEY_LINE.exec(line.slice(col));
  return { keyCol: col, itemStart, dashCol, key: match ? match[1] : null };
}

/** The context of the cursor at `column` (0-based) of line `lineIndex` of `lines`. */
export function cursorContext(lines: readonly string[], lineIndex: number, column: number): CursorContext {
  const before = (lines[lineIndex] ?? "").slice(0, column);
  const shape = lineShape(before.length ? before : " ");
  const prefixMatch = /[\w-]*$/.exec(before);
  const prefix = prefixMatch ? prefixMatch[0] : "";
  const colonAt = before.indexOf(":", Math.max(0, shape.keyCol));
  const onValue = shape.key !== null && colonAt >= 0 && before.slice(colonAt + 1).trim() === prefix;
  const keyCol = shape.keyCol >= 0 ? shape.keyCol : before.length;

  const path: PathSegment[] = [];
  const siblings: string[] = [];
  let col = keyCol;
  // A line starting with `- ` opens a new item: nothing above it shares its mapping.
  let inItem = shape.keyCol >= 0 && shape.itemStart;
  let collecting = !inItem;
  let listDashCol = inItem ? shape.dashCol : -1;

  for (let i = lineIndex - 1; i >= 0; i--) {
    const above = lineShape(lines[i] ?? "");
    if (above.keyCol < 0) continue;
    if (inItem) {
      // Looking for the key that owns the list: the nearest line whose key is at or left of the dash.
      if (above.keyCol <= listDashCol && !(above.itemStart && above.dashCol === listDashCol)) {
        if (above.key) path.unshift({ key: above.key });
        col = above.keyCol;
        inItem = above.itemStart;
        listDashCol = above.dashCol;
        collecting = false;
        if (inItem) path.unshift({ item: true });
      }
      continue;
    }
    if (above.keyCol === col) {
      if (collecting && above.key) siblings.push(above.key);
      if (above.itemStart) {
        path.unshift({ item: true });
        inItem = true;
        listDashCol = above.dashCol;
        collecting = false;
      }
    } else if (above.keyCol < col) {
      if (above.key) path.unshift({ key: above.key });
      col = above.keyCol;
      collecting = false;
      if (above.itemStart) {
        path.unshift({ item: true });
        inItem = true;
        listDashCol = above.dashCol;
      }
    }
  }
  if (shape.keyCol >= 0 && shape.itemStart) path.push({ item: true });
  return { path, siblings, valueOf: onValue ? (shape.key ?? undefined) : undefined, prefix };
}
