import type { Metadata } from "next";
import { OperationSection } from "@/components/api-docs/operation-section";
import { SchemaFields } from "@/components/api-docs/schema-fields";
import type { JsonSchema } from "@/components/api-docs/schema-rows";
import { Markdown } from "@/components/docs/markdown";
import { getOpenApiDocument, type OpenApiResponse } from "@/lib/server/openapi/build-openapi-document";

export const metadata: Metadata = { title: "API · Snippet Lab" };

/** A rendering of the OpenAPI document GET /api/v1/openapi.json serves (one description of the API, generated from the handlers' schemas). */
export default function ApiDocsPage() {
  const doc = getOpenApiDocument();
  const lookup = (ref: string): unknown =>
    ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
  const resolve = (ref: string) => lookup(ref) as JsonSchema | undefined;
  const resolveResponse = (ref: string) => lookup(ref) as OpenApiResponse | undefined;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op: op! })));

  return (
    <article className="max-w-5xl space-y-8" data-testid="api-docs">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{doc.info.title}</h1>
        <p className="text-sm text-slate-600">
          OpenAPI {doc.openapi} document:{" "}
          <a className="font-mono text-blue-700 hover:underline" href="/api/v1/openapi.json" data-testid="openapi-link">
            /api/v1/openapi.json
          </a>{" "}
          (feed it to a client generator). Version {doc.info.version}.
        </p>
        <Markdown source={doc.info.description} />
        <nav className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" aria-label="Operations">
          {doc.tags.map((tag) => (
            <div key={tag.name}>
              <a href={`#tag-${tag.name}`} className="font-semibold text-slate-800 hover:underline">
                {tag.name}
              </a>
              <ul className="mb-2 font-mono text-xs">
                {operations
                  .filter(({ op }) => op.tags.includes(tag.name))
                  .map(({ path, method, op }) => (
                    <li key={op.operationId}>
                      <a href={`#${op.operationId}`} className="text-blue-800 hover:underline">
                        {method.toUpperCase()} {path}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>
      </header>

      <section className="space-y-3">
        <h2 className="text-2xl font-semibold">Errors</h2>
        <SchemaFields schema={doc.components.schemas.ErrorBody!} resolve={resolve} />
        <table className="w-full text-sm">
          <tbody>
            {Object.entries(doc.components.responses).map(([status, r]) => (
              <tr key={status} className="border-t border-slate-200">
                <td className="py-1.5 pr-4 font-mono">{status}</td>
                <td className="py-1.5 text-slate-700">
                  <Markdown source={r.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {doc.tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name}`} className="scroll-mt-4 space-y-4">
          <h2 className="text-2xl font-semibold">{tag.name}</h2>
          <p className="text-slate-700">{tag.description}</p>
          {operations
            .filter(({ op }) => op.tags.includes(tag.name))
            .map(({ path, method, op }) => (
              <OperationSection key={op.operationId} method={method} path={path} op={op} resolve={resolve} resolveResponse={resolveResponse} />
            ))}
        </section>
      ))}
    </article>
  );
}
