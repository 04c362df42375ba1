"use client";

// Exports of a chart: its SVG as drawn (fonts and colours inlined by the chart library's attributes), a PNG rendered
// from that SVG on a canvas, and the data as CSV. No server round trip; the page's CSP allows the blob: images.

function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The chart's SVG as a standalone document: namespace, size and a white background (viewers default to transparent).
 * Parts marked `data-export-only` (a chart's title, dataset and legend: components/charts/svg-caption.tsx) are shown,
 * and the document grows by their `data-export-pad-top` / `data-export-pad-bottom` to hold them.
 */
export function serializeSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  let top = 0;
  let bottom = 0;
  for (const el of clone.querySelectorAll<SVGElement>("[data-export-only]")) {
    el.removeAttribute("display");
    top = Math.max(top, Number(el.dataset.exportPadTop ?? 0) || 0);
    bottom = Math.max(bottom, Number(el.dataset.exportPadBottom ?? 0) || 0);
  }
  // The chart's own coordinates: its viewBox when it has one, else its drawn size.
  const vb = svg.viewBox?.baseVal;
  const w = vb && vb.width > 0 ? vb.width : box.width;
  const h = vb && vb.height > 0 ? vb.height : box.height;
  const scale = w > 0 ? box.width / w : 1;
  const width = box.width;
  const height = box.height + (top + bottom) * scale;
  clone.setAttribute("viewBox", `0 ${-top} ${w} ${h + top + bottom}`);
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(Math.round(width)));
  clone.setAttribute("height", String(Math.round(height)));
  clone.setAttribute("font-family", getComputedStyle(svg).fontFamily || "sans-serif");
  const bg = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  bg.setAttribute("y", String(-top));
  bg.setAttribute("width", String(w));
  bg.setAttribute("height", String(h + top + bottom));
  bg.setAttribute("fill", "#ffffff");
  clone.insertBefore(bg, clone.firstChild);
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

export function downloadSvg(svg: SVGSVGElement, filename: string): void {
  download(new Blob([serializeSvg(svg).text], { type: "image/svg+xml;charset=utf-8" }), filename);
}

export async function downloadPng(svg: SVGSVGElement, filename: string, scale = 2): Promise<void> {
  const { text, width, height } = serializeSvg(svg);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml;charset=utf-8" }));
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("the chart could not be drawn as an image"));
      img.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no canvas");
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (blob) download(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadCsv(csv: string, filename: string): void {
  download(new Blob([csv], { type: "text/csv;charset=utf-8" }), filename);
}
