// The resume search page (/resumes/): runs the resume API from the browser. The form's fields are the
// API's parameters, so the page's URL (?q=…&role=…&page=…&id=…) holds a search that can be shared, and
// without JavaScript the form still submits to the API itself. Requests wait for a pause in typing
// (DEBOUNCE_MS) and never exceed MAX_PER_MINUTE, half the API's 120 a minute; answers are kept by URL.
(function () {
  "use strict";
  var DEBOUNCE_MS = 450;
  var MAX_PER_MINUTE = 60;
  var form = document.getElementById("resume-search");
  var api = form.getAttribute("action");
  var status = document.getElementById("search-status");
  var list = document.getElementById("results");
  var pager = document.getElementById("pager");
  var viewer = document.getElementById("resume-view");
  var cache = new Map();
  var sent = [];
  var timer = 0;
  var latest = 0;
  var currentUrl = "";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The form's non-empty fields as query pairs (an empty value is absent for the API too).
  function formQuery() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (String(value).trim() !== "") params.append(name, String(value).trim());
    });
    return params;
  }

  // Waits until a request fits under MAX_PER_MINUTE, then resolves.
  function slot() {
    var now = Date.now();
    sent = sent.filter(function (time) {
      return now - time < 60000;
    });
    if (sent.length < MAX_PER_MINUTE) {
      sent.push(now);
      return Promise.resolve();
    }
    return new Promise(function (resolve) {
      setTimeout(resolve, 60000 - (now - sent[0]) + 10);
    }).then(slot);
  }

  function getJson(url) {
    if (cache.has(url)) return Promise.resolve(cache.get(url));
    return slot()
      .then(function () {
        return fetch(url, { headers: { Accept: "application/json" } });
      })
      .then(function (response) {
        return response.json().then(function (body) {
          var answer = { ok: response.ok, status: response.status, body: body, link: response.headers.get("Link") || "" };
          if (response.ok) cache.set(url, answer);
          return answer;
        });
      });
  }

  function links(header) {
    var found = {};
    header.split(",").forEach(function (part) {
      var match = /<([^>]*)>\s*;\s*rel="?(\w+)"?/.exec(part);
      if (match) found[match[2]] = match[1];
    });
    return found;
  }

  // The page's own address for a list URL of the API (and an open resume): what a reader shares.
  function pageAddress(apiUrl, id) {
    var query = new URLSearchParams(apiUrl.split("?")[1] || "");
    if (id) query.set("id", id);
    var text = query.toString();
    return location.pathname + (text ? "?" + text : "");
  }

  function showList(answer, apiUrl) {
    list.textContent = "";
    pager.textContent = "";
    if (!answer.ok) {
      status.textContent = answer.body && answer.body.message ? answer.body.message : "The search failed (HTTP " + answer.status + ").";
      return;
    }
    var meta = answer.body.meta;
    var items = answer.body.data;
    status.textContent = meta.total === 0 ? "No resume matches." : meta.total + " resumes match · page " + meta.page + " of " + meta.pages + " · sorted by " + meta.sort + " (" + meta.order + ")";
    items.forEach(function (item) {
      var li = el("li", "result");
      var link = el("a", "", item.title);
      link.href = pageAddress(apiUrl, String(item.id));
      link.setAttribute("data-id", String(item.id));
      var heading = el("h2");
      heading.appendChild(link);
      li.appendChild(heading);
      var facts = [item.role, item.seniority, item.experience_years + " years", item.verticals.join(", "), item.traffic.join(", "), "updated " + String(item.updated_at).slice(0, 10)];
      if (item.has_contacts) facts.push("contacts: " + item.contact_quality);
      li.appendChild(el("p", "facts", facts.filter(Boolean).join(" · ")));
      list.appendChild(li);
    });
    var rel = links(answer.link);
    [["prev", "Previous page"], ["next", "Next page"]].forEach(function (pair) {
      if (!rel[pair[0]]) return;
      var button = el("button", "page-" + pair[0], pair[1]);
      button.type = "button";
      button.addEventListener("click", function () {
        run(rel[pair[0]], true);
      });
      pager.appendChild(button);
    });
  }

  function showResume(answer, focus) {
    viewer.textContent = "";
    viewer.hidden = false;
    if (!answer.ok) {
      viewer.appendChild(el("p", "", answer.body && answer.body.message ? answer.body.message : "This resume could not be read."));
      return;
    }
    var resume = answer.body.data;
    var heading = el("h2", "", resume.title);
    heading.id = "resume-title";
    heading.tabIndex = -1;
    viewer.appendChild(heading);
    var facts = el("dl");
    [
      ["Role", resume.role],
      ["Seniority", resume.seniority],
      ["Experience", resume.experience_years + " years"],
      ["Verticals", resume.verticals.join(", ")],
      ["Traffic", resume.traffic.join(", ")],
      ["Skills", resume.skills.join(", ")],
      ["Language", resume.language],
      ["Updated", String(resume.updated_at).slice(0, 10)],
      ["Contacts", Object.keys(resume.contacts).length === 0 ? "none published" : Object.keys(resume.contacts).map(function (key) {
        return key + ": " + resume.contacts[key];
      }).join(" · ")],
    ].forEach(function (pair) {
      if (pair[1] === undefined || pair[1] === null || pair[1] === "") return;
      facts.appendChild(el("dt", "", pair[0]));
      facts.appendChild(el("dd", "", pair[1]));
    });
    viewer.appendChild(facts);
    viewer.appendChild(el("p", "resume-text", resume.text));
    var close = el("button", "close", "Back to the results");
    close.type = "button";
    close.addEventListener("click", function () {
      viewer.hidden = true;
      history.replaceState(null, "", pageAddress(currentUrl, ""));
    });
    viewer.appendChild(close);
    if (focus) heading.focus();
  }

  function run(apiUrl, push) {
    var ticket = ++latest;
    currentUrl = apiUrl;
    status.textContent = "Searching…";
    return getJson(apiUrl).then(
      function (answer) {
        if (ticket !== latest) return;
        showList(answer, apiUrl);
        history[push ? "pushState" : "replaceState"](null, "", pageAddress(apiUrl, ""));
      },
      function () {
        if (ticket === latest) status.textContent = "The API could not be reached.";
      }
    );
  }

  function search() {
    var query = formQuery();
    var text = query.toString();
    run(api + (text ? "?" + text : ""), false);
  }

  // A resume opened by the reader takes the focus; one opened from the page's address leaves it at the start (the skip link first).
  function open(id, focus) {
    getJson(api + "/" + encodeURIComponent(id)).then(function (answer) {
      showResume(answer, focus);
      history.replaceState(null, "", pageAddress(currentUrl, id));
    });
  }

  // The search in the page's URL fills the form and runs; an id opens that resume too.
  function restore() {
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name && params.has(field.name)) field.value = params.get(field.name);
    });
    var id = params.get("id");
    params.delete("id");
    var text = params.toString();
    run(api + (text ? "?" + text : ""), false).then(function () {
      if (id) open(id, false);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    search();
  });
  form.addEventListener("input", function (event) {
    clearTimeout(timer);
    timer = setTimeout(search, event.target.name === "q" ? DEBOUNCE_MS : 0);
  });
  list.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-id]");
    if (!link) return;
    event.preventDefault();
    open(link.getAttribute("data-id"), true);
  });
  window.addEventListener("popstate", restore);
  document.getElementById("search-script").hidden = false;
  restore();
})();
