// Renders the API reference of this page with Swagger UI, from the OpenAPI document named by the
// page's data-openapi attribute (a path on this host). Kept out of the HTML so the page needs no
// inline script.
(function () {
  var root = document.getElementById("swagger-ui");
  var ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    // No call to the public validator service: the page loads nothing from another host.
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    showExtensions: true,
    // The API is read-only: only GET and HEAD can be tried.
    supportedSubmitMethods: ["get", "head"],
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    onComplete: function () {
      selectOwnServer(ui);
    },
  });
  window.ui = ui;

  // The document's first server is the published address (the build's --base-url). Where this page
  // is served from another origin (the host on another port, a preview deploy), "Try it out" would
  // send its requests there, to another host or to none: select the server on this page's origin
  // (the document's relative one) instead.
  function selectOwnServer(ui) {
    var servers = ui.specSelectors.servers();
    if (!servers || servers.size === 0) return;
    var originOf = function (server) {
      return new URL(server.get("url"), window.location.href).origin;
    };
    if (originOf(servers.first()) === window.location.origin) return;
    var own = servers.find(function (server) {
      return originOf(server) === window.location.origin;
    });
    if (own) ui.oas3Actions.setSelectedServer(own.get("url"));
  }
})();
