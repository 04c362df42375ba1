import { TRADITIONAL_TO_SIMPLIFIED_TABLE } from "./traditional-chinese-table";

let table: ReadonlyMap<string, string> | undefined;

/** Traditional Chinese characters → their simplified form (OpenCC's character table), parsed on first use. */
export function traditionalToSimplified(): ReadonlyMap<string, string> {
  if (!table) {
    const map = new Map<string, string>();
    for (const pair of TRADITIONAL_TO_SIMPLIFIED_TABLE.split("|")) {
      const [from, to] = pair.split(" ");
      if (from && to) map.set(from, to);
    }
    table = map;
  }
  return table;
}
