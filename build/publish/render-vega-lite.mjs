// Renders Vega-Lite specs to SVG: reads a JSON array of specs on stdin, writes a JSON array of SVG
// strings on stdout. A separate program so that Vega stays out of the build process and renders while
// the build renders responses (see render-charts.ts). Plain JavaScript so that plain `node` runs it under tsx and vitest alike.
//
// A failure (Vega refusing a spec, Vega not installed) prints its message alone and exits with code 1:
// the build shows the renderer's output to the publisher, and a stack trace is no sentence for them.
try {
  const [{ parse, textMetrics, View }, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);

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
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
