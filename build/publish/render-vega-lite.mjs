// Renders Vega-Lite specs to SVG: reads a JSON array of specs on stdin, writes a JSON array of SVG
// strings on stdout. A separate program so that Vega stays out of the build process and renders while
// the build renders responses (see render-charts.ts). Plain JavaScript so that plain `node` runs it under tsx and vitest alike.
import { parse, textMetrics, View } from "vega";
import { compile } from "vega-lite";

// Text is measured by Vega's own estimate, never with a canvas: Vega measures with the `canvas` package
// whenever one can be imported (one hoisted in a workspace, one in a parent folder's node_modules), and
// the charts' layout would then depend on where the project sits and on the machine's fonts.
textMetrics.canvas(false);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const specs = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const svgs = [];
for (const spec of specs) {
  // renderer "none": no DOM and no canvas; toSVG builds the markup from the scenegraph.
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  svgs.push(await view.toSVG());
  view.finalize();
}
process.stdout.write(JSON.stringify(svgs));
