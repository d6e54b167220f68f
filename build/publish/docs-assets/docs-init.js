// Renders the API reference of this page with Swagger UI, from the OpenAPI document named by the
// page's data-openapi attribute (a path on this host). Kept out of the HTML so the page needs no
// inline script.
(function () {
  var root = document.getElementById("swagger-ui");
  var address = root.getAttribute("data-openapi");
  var ui;
  // The document is fetched here and shown as people read it (forReading), not handed to Swagger UI by
  // its address: what Swagger UI would do with it as written sent a first "Try it out" with every
  // optional filter pre-filled (0 results) and listed each path three times (issue 28).
  fetch(address)
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(function (doc) {
      render(forReading(doc));
    })
    .catch(function (error) {
      root.textContent = "The OpenAPI document at " + address + " could not be read (" + error.message + ").";
    });
  nameUnnamedParts();

  function render(spec) {
    ui = SwaggerUIBundle({
      spec: spec,
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
      plugins: [keepNdjsonExamples],
      layout: "BaseLayout",
      onComplete: function () {
        selectOwnServer(ui);
        keepLinksOnThisHost(ui);
      },
    });
    window.ui = ui;
  }

  // The document as the page shows it; the OpenAPI document itself is unchanged.
  // - HEAD and OPTIONS are described once (the page's header and the conventions), not as twins of each GET.
  // - An optional parameter keeps its example in its description, not as a value: Swagger UI fills
  //   "Try it out" with examples, so a first try would run with every filter set.
  // - The conventions (Requests, Responses) are folded under one summary; the Limits stay open.
  function forReading(doc) {
    var paths = doc.paths || {};
    Object.keys(paths).forEach(function (key) {
      var item = paths[key];
      delete item.head;
      delete item.options;
      Object.keys(item).forEach(function (method) {
        var parameters = item[method] && item[method].parameters;
        if (!Array.isArray(parameters)) return;
        parameters.forEach(function (parameter) {
          if (parameter.required === true || parameter.example === undefined) return;
          var shown = Array.isArray(parameter.example) ? parameter.example.join(",") : String(parameter.example);
          parameter.description = (parameter.description || "") + " Example: `" + shown + "`.";
          delete parameter.example;
        });
      });
    });
    var info = doc.info || {};
    var text = String(info.description || "");
    var start = text.indexOf("\n## Requests");
    var end = text.indexOf("\n## Limits");
    if (start >= 0 && end > start) {
      info.description = text.slice(0, start) + "\n<details><summary>Conventions: requests, responses and errors of every endpoint</summary>\n\n" + text.slice(start, end).replace(/^\n/, "") + "\n</details>\n" + text.slice(end);
    }
    return doc;
  }

  // Swagger UI writes the string example of any media type matching /json/ as a JSON string literal, and
  // application/x-ndjson matches: the export's example showed as one quoted line of \" and \n rather
  // than the lines the body holds. An NDJSON example is shown as it is written; the rest as before.
  function keepNdjsonExamples(system) {
    var keep = function (original) {
      return function (schema, config, contentType, example) {
        if (typeof example === "string" && /ndjson/i.test(String(contentType))) return example;
        return original.apply(this, arguments);
      };
    };
    var fn = { getJsonSampleSchema: keep(system.fn.getJsonSampleSchema) };
    if (system.fn.jsonSchema202012) fn.jsonSchema202012 = { getJsonSampleSchema: keep(system.fn.jsonSchema202012.getJsonSampleSchema) };
    // Try it out's answer likewise: parsed as one JSON document, an NDJSON body showed under "can't parse
    // JSON", as if broken. It is shown as text, as it came.
    var asText = function (Original) {
      return function (props) {
        var ndjson = /ndjson/i.test(String(props.contentType));
        return system.React.createElement(Original, ndjson ? Object.assign({}, props, { contentType: "text/plain" }) : props);
      };
    };
    return { fn: fn, wrapComponents: { responseBody: asText } };
  }

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

  // For the same reason, the document's links to the published site (its externalDocs: the methodology)
  // would leave this host: each is pointed at the same page here, also as Swagger UI redraws them. The
  // site is the published server's address less the service's path (the relative server's): a --base-url
  // with a path (https://example.org/data) is served here from /, and a link to the same origin outside
  // it (https://example.org/about) is not the site's and is left as it is.
  function keepLinksOnThisHost(ui) {
    var servers = ui.specSelectors.servers();
    if (!servers || servers.size === 0) return;
    var published = new URL(servers.first().get("url"), window.location.href);
    if (published.origin === window.location.origin) return;
    var relative = servers.find(function (server) {
      return /^\/(?!\/)/.test(server.get("url"));
    });
    var servicePath = relative ? relative.get("url").replace(/\/+$/, "") : "";
    var publishedPath = published.pathname.replace(/\/+$/, "");
    var endsWithService = servicePath !== "" && publishedPath.slice(-servicePath.length) === servicePath;
    var site = published.origin + (endsWithService ? publishedPath.slice(0, publishedPath.length - servicePath.length) : "");
    var repoint = function () {
      var links = root.querySelectorAll("a[href]");
      for (var i = 0; i < links.length; i++) {
        var href = links[i].href;
        if (href.slice(0, site.length) !== site) continue;
        var rest = href.slice(site.length);
        if (rest !== "" && "/?#".indexOf(rest.charAt(0)) < 0) continue; // another path that begins as the site's
        links[i].href = window.location.origin + (rest.charAt(0) === "/" ? rest : "/" + rest);
      }
    };
    repoint();
    new MutationObserver(repoint).observe(root, { childList: true, subtree: true });
  }

  // Swagger UI leaves its servers <select> without a name (its <label> wraps the select alone), and its
  // title block and servers bar outside any landmark: each gets a name, or a named region, whenever
  // Swagger UI draws it. Watched from the start, so a part is named in the turn it is drawn; only what
  // is missing is set, and the observer does not watch attributes, so its own changes never wake it.
  function nameUnnamedParts() {
    var name = function () {
      var select = root.querySelector(".servers select");
      if (select && !select.hasAttribute("aria-label")) select.setAttribute("aria-label", "Server that Try it out sends requests to");
      var regions = [
        [".information-container", "About this API"],
        [".scheme-container", "Servers"],
      ];
      for (var i = 0; i < regions.length; i++) {
        var region = root.querySelector(regions[i][0]);
        if (region && !region.hasAttribute("role")) {
          region.setAttribute("role", "region");
          region.setAttribute("aria-label", regions[i][1]);
        }
      }
    };
    name();
    new MutationObserver(name).observe(root, { childList: true, subtree: true });
  }
})();
