/**
 * The layers of build/ (docs/architecture.md): imports follow the data flow, load → response-schemas →
 * compute → search → query → output-format → publish → emit → netlify, with serve beside emit. Each folder
 * may import the folders listed for it in ALLOWED; type-only imports count (tsPreCompilationDeps), and no
 * cycle is allowed.
 */
const LOW = ["shared", "errors.ts"];
const ALLOWED = {
  shared: [],
  load: [],
  "response-schemas": ["load"],
  compute: ["load", "response-schemas"],
  search: ["load", "response-schemas", "compute"],
  query: ["load", "response-schemas", "compute", "search"],
  "output-format": ["load", "response-schemas", "compute", "search", "query"],
  publish: ["load", "response-schemas", "compute", "search", "query", "output-format"],
  emit: ["load", "response-schemas", "compute", "search", "query", "output-format", "publish"],
  netlify: ["load", "response-schemas", "compute", "search", "query", "output-format", "publish", "emit"],
  serve: ["load", "response-schemas", "compute", "search", "query", "output-format", "publish"],
  docs: ["load", "response-schemas", "compute", "search", "query"],
  sample: ["load", "response-schemas", "compute"],
};

const layerRules = Object.entries(ALLOWED).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  comment: `build/${layer} may import only ${[...allowed, ...LOW].join(", ") || "nothing"} (docs/architecture.md)`,
  severity: "error",
  from: { path: `^build/${layer}/` },
  to: {
    path: "^build/",
    pathNot: [`^build/${layer}/`, ...[...allowed, ...LOW].map((folder) => `^build/${folder.replace(".", "\\.")}(/|$)`)],
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment: "An import cycle, type-only imports included: the layers and the modules within them form a tree.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "build-never-imports-tests-or-scripts",
      comment:
        "A worker thread's launcher (plain JavaScript) starts its TypeScript as the scripts do, through run-bundled.mjs.",
      severity: "error",
      from: { path: "^build/", pathNot: "^build/serve/live-worker\\.mjs$" },
      to: { path: "^(test|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".mjs", ".js"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
