import { renderInline } from "@/components/docs/markdown";
import { schemaRows, type JsonSchema } from "./schema-rows";

/** A JSON Schema of the OpenAPI document as a table of its fields (nested ones indented under their parent). */
export function SchemaFields({ schema, resolve }: { schema: JsonSchema; resolve: (ref: string) => JsonSchema | undefined }) {
  const rows = schemaRows(schema, resolve);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.name}-${i}`} className="border-t border-slate-200 align-top" data-testid="schema-field">
              <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap" style={{ paddingLeft: `${r.depth * 1.25}rem` }}>
                {r.name || "(body)"}
                {r.required && r.name ? (
                  <span className="text-red-700" title="required">
                    *
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-4 font-mono text-xs text-slate-600">{r.type}</td>
              <td className="py-1.5 text-slate-700">
                {r.description ? renderInline(r.description, `d${i}`) : null}
                {r.constraints.length > 0 && <span className="block text-xs text-slate-500">{renderInline(r.constraints.join(" · "), `c${i}`)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
