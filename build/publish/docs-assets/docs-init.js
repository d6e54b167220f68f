// Renders the API reference of this page with Swagger UI, from the OpenAPI document named by the
// page's data-openapi attribute (a path on this host). Kept out of the HTML so the page needs no
// inline script.
(function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
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
  });
})();
