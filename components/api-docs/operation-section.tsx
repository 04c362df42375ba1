import { Markdown, renderInline } from "@/components/docs/markdown";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { OpenApiMedia, OpenApiOperation, OpenApiResponse } from "@/lib/server/openapi/build-openapi-document";
import { SchemaFields } from "./schema-fields";
import { summarize, type JsonSchema } from "./schema-rows";

const METHOD_TONE: Record<string, BadgeTone> = { get: "blue", post: "green", put: "amber", patch: "amber", delete: "red" };

type Resolve = (ref: string) => JsonSchema | undefined;

function Example({ value }: { value: unknown }) {
  return <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">{JSON.stringify(value, null, 2)}</pre>;
}

function Media({ type, media, resolve }: { type: string; media: OpenApiMedia; resolve: Resolve }) {
  return (
    <div className="space-y-2">
      <p className="font-mono text-xs text-slate-500">{type}</p>
      {/* A file download's "string" says nothing a reader needs. */}
      {media.schema && (type.includes("json") || type.startsWith("multipart/")) && <SchemaFields schema={media.schema} resolve={resolve} />}
      {media.example !== undefined && <Example value={media.example} />}
    </div>
  );
}

/** One operation of the OpenAPI document: summary, auth, parameters, request body, responses. */
export function OperationSection({
  method,
  path,
  op,
  resolve,
  resolveResponse,
}: {
  method: string;
  path: string;
  op: OpenApiOperation;
  resolve: Resolve;
  resolveResponse: (ref: string) => OpenApiResponse | undefined;
}) {
  const responses = Object.entries(op.responses).map(([status, r]) => [status, "$ref" in r ? resolveResponse(r.$ref) : r] as const);
  return (
    <section id={op.operationId} className="scroll-mt-4 space-y-3 border-t border-slate-200 pt-6" data-testid="api-operation">
      <h3 className="flex flex-wrap items-baseline gap-2">
        <Badge tone={METHOD_TONE[method] ?? "slate"} className="font-mono uppercase">
          {method}
        </Badge>
        <span className="font-mono text-sm font-semibold text-slate-900">{path}</span>
        <span className="text-sm text-slate-600">– {op.summary}</span>
      </h3>
      <Markdown source={op.description} />

      {op.parameters && op.parameters.length > 0 && (
        <div className="space-y-1">
          <h4 className="text-sm font-semibold text-slate-800">Parameters</h4>
          <table className="w-full text-sm">
            <tbody>
              {op.parameters.map((p) => {
                const { type, constraints, description } = summarize(
                  { ...p.schema, ...(p.description ? { description: p.description } : {}) },
                  resolve,
                );
                return (
                  <tr key={`${p.in}-${p.name}`} className="border-t border-slate-200 align-top">
                    <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap">
                      {p.name}
                      {p.required ? <span className="text-red-700">*</span> : null}
                    </td>
                    <td className="py-1.5 pr-4 text-xs text-slate-500">{p.in}</td>
                    <td className="py-1.5 pr-4 font-mono text-xs text-slate-600">{type}</td>
                    <td className="py-1.5 text-slate-700">
                      {description ? renderInline(description, `p-${p.name}`) : null}
                      {constraints.length > 0 && (
                        <span className="block text-xs text-slate-500">{renderInline(constraints.join(" · "), `pc-${p.name}`)}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {op.requestBody && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-slate-800">
            Request body{op.requestBody.required ? "" : " (optional)"}
            {op.requestBody.description ? (
              <span className="font-normal text-slate-600"> – {renderInline(op.requestBody.description, "rb")}</span>
            ) : null}
          </h4>
          {Object.entries(op.requestBody.content).map(([type, media]) => (
            <Media key={type} type={type} media={media} resolve={resolve} />
          ))}
        </div>
      )}

      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-800">Responses</h4>
        {responses.map(([status, r]) => (
          <div key={status} className="space-y-2" data-testid="api-response" data-status={status}>
            <p className="text-sm text-slate-700">
              <span className={`font-mono font-semibold ${status.startsWith("2") || status.startsWith("3") ? "text-green-800" : "text-red-800"}`}>
                {status}
              </span>{" "}
              {r ? renderInline(r.description, `r${status}`) : null}
            </p>
            {r?.content && status.match(/^[23]/)
              ? Object.entries(r.content)
                  .filter(([, media]) => media.schema || media.example !== undefined)
                  .map(([type, media]) => <Media key={type} type={type} media={media} resolve={resolve} />)
              : null}
          </div>
        ))}
      </div>
    </section>
  );
}
