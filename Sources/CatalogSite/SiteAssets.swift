/// The site's style sheet and script: written by this module, never by the catalog, and
/// the same bytes for every site.
enum SiteAssets {
  static let css = #"""
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa;
      --link: #0550ae; --focus: #0969da;
      --breaking-bg: #ffebe9; --breaking-fg: #82071e;
      --additive-bg: #dafbe1; --additive-fg: #116329;
      --value-bg: #ddf4ff; --value-fg: #0a3069;
      --metadata-bg: #eaeef2; --metadata-fg: #32383f;
      --dep-bg: #fff8c5; --dep-fg: #6f4d00;
      --k: #953800; --s: #0a3069; --n: #0550ae; --b: #8250df; --z: #6e7781;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9ea7b3; --line: #30363d; --panel: #161b22;
        --link: #58a6ff; --focus: #58a6ff;
        --breaking-bg: #490202; --breaking-fg: #ffdcd7;
        --additive-bg: #033a16; --additive-fg: #aff5b4;
        --value-bg: #0c2d6b; --value-fg: #cae8ff;
        --metadata-bg: #30363d; --metadata-fg: #e6edf3;
        --dep-bg: #4b3800; --dep-fg: #fff8c5;
        --k: #ffa657; --s: #a5d6ff; --n: #79c0ff; --b: #d2a8ff; --z: #9ea7b3;
      }
    }
    * { box-sizing: border-box; }
    html { scrollbar-gutter: stable; }
    body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    a { color: var(--link); }
    a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible,
    summary:focus-visible, pre:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    code, pre, .json { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.875rem; }
    .skip { position: absolute; left: -10000px; }
    .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: 0.5rem; z-index: 10; }
    header.top { border-bottom: 1px solid var(--line); background: var(--panel); }
    header.top nav { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; display: flex;
      flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; }
    header.top ul { list-style: none; display: flex; gap: 1rem; margin: 0; padding: 0; }
    .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
    [aria-current="page"] { font-weight: 700; }
    main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
    footer.bottom { max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: var(--muted); }
    h1 { font-size: 1.75rem; margin: 0.5rem 0; overflow-wrap: anywhere; }
    h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
    .meta, .muted, .crumbs { color: var(--muted); }
    .description { font-size: 1.1rem; overflow-wrap: anywhere; }
    .badge { display: inline-block; padding: 0 0.45rem; border-radius: 1rem; font-size: 0.8rem;
      font-weight: 600; line-height: 1.5rem; white-space: nowrap; }
    .c-breaking { background: var(--breaking-bg); color: var(--breaking-fg); }
    .c-additive { background: var(--additive-bg); color: var(--additive-fg); }
    .c-value { background: var(--value-bg); color: var(--value-fg); }
    .c-metadata { background: var(--metadata-bg); color: var(--metadata-fg); }
    .deprecated { background: var(--dep-bg); color: var(--dep-fg); }
    .categories { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .categories a { display: inline-block; border: 1px solid var(--line); border-radius: 1rem;
      padding: 0.1rem 0.75rem; text-decoration: none; }
    .count { color: var(--muted); }
    .filters { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 0.75rem;
      align-items: center; max-width: 40rem; }
    .filters input, .filters select { font: inherit; padding: 0.35rem 0.5rem; color: var(--fg);
      background: var(--bg); border: 1px solid var(--muted); border-radius: 0.375rem; min-width: 0; }
    .count-line { min-height: 1.5rem; color: var(--muted); }
    table.list, .fields-table { width: 100%; border-collapse: collapse; table-layout: fixed; }
    table.list th, table.list td, .fields-table th, .fields-table td { text-align: left;
      vertical-align: top; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line);
      overflow-wrap: anywhere; }
    table.kinds th:nth-child(1) { width: 28%; } table.kinds th:nth-child(2) { width: 16%; }
    table.kinds th:nth-child(4) { width: 16%; }
    table.revisions th:nth-child(1) { width: 6rem; } table.revisions th:nth-child(2) { width: 14.5rem; }
    table.revisions th:nth-child(3) { width: 14%; } table.revisions th:nth-child(5) { width: 20%; }
    table.revisions th:nth-child(6) { width: 12%; }
    .json { background: var(--panel); border: 1px solid var(--line); border-radius: 0.375rem;
      padding: 0.5rem; overflow-x: auto; list-style: none; margin: 0; }
    .json ul { list-style: none; margin: 0 0 0 0.3rem; padding: 0 0 0 1.25rem;
      border-left: 1px dotted var(--line); }
    .json li { display: flex; justify-content: space-between; gap: 1rem; }
    .json li:not(:has(> details)):hover { background: var(--bg); }
    .json li > details { flex-grow: 1; min-width: 0; }
    .json summary { cursor: pointer; list-style-position: outside; margin-left: 1rem; }
    .json details > code { display: block; margin-left: 1rem; }
    .json code, .json summary { white-space: pre-wrap; overflow-wrap: anywhere; }
    .json summary > span { display: none; color: var(--muted); }
    .json details:not([open]) > summary > span { display: inline; }
    .json small, .fields-table small { white-space: nowrap; color: var(--muted);
      font-family: system-ui, sans-serif; }
    .json small { font-size: 0.8rem; } .fields-table small { font-size: inherit; }
    .json i, .json u, .json var { font-style: normal; text-decoration: none; }
    .json i { color: var(--k); } .json u { color: var(--s); } .json var { color: var(--n); }
    .json var.b { color: var(--b); } .json var.z { color: var(--z); }
    .timeline, .changes { list-style: none; padding: 0; }
    .timeline > li { border-left: 3px solid var(--line); padding: 0 0 1rem 1rem; }
    .when { font-weight: 600; } .message { overflow-wrap: anywhere; }
    .change { margin: 0.4rem 0; }
    .op { font-weight: 700; text-transform: uppercase; font-size: 0.75rem; }
    .fields { padding-left: 1.25rem; }
    .fields li { margin: 0.2rem 0; overflow-wrap: anywhere; }
    .rule { color: var(--muted); font-size: 0.8rem; }
    del { background: var(--breaking-bg); color: var(--breaking-fg); }
    ins { background: var(--additive-bg); color: var(--additive-fg); text-decoration: none; }
    .none { color: var(--muted); }
    dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
    dl.header dt { color: var(--muted); } dl.header dd { margin: 0; overflow-wrap: anywhere; }
    .neighbours { display: flex; justify-content: space-between; gap: 1rem; margin: 2rem 0; }
    .tools button { font: inherit; padding: 0.25rem 0.75rem; border: 1px solid var(--muted);
      border-radius: 0.375rem; background: var(--panel); color: var(--fg); cursor: pointer; }
    pre { background: var(--panel); border: 1px solid var(--line); border-radius: 0.375rem;
      padding: 0.75rem; overflow-x: auto; }
    .kind, .tag { overflow-wrap: anywhere; }
    @media (max-width: 40rem) {
      table.kinds thead { position: absolute; left: -10000px; }
      table.kinds, table.kinds tbody, table.kinds tr, table.kinds td { display: block; width: 100%; }
      table.kinds tr { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
      table.kinds tr[hidden] { display: none; }
      table.kinds td { border: 0; padding: 0.1rem 0; }
      table.revisions thead { position: absolute; left: -10000px; }
      table.revisions, table.revisions tbody { display: block; width: 100%; }
      table.revisions tr { display: flex; flex-wrap: wrap; gap: 0 0.75rem;
        border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
      table.revisions td { display: block; border: 0; padding: 0.1rem 0; flex: 1 1 100%; min-width: 0; }
      table.revisions td:nth-child(-n+3) { flex: 0 1 auto; font-weight: 600; }
      table.revisions td:empty { display: none; }
      .json li { flex-direction: column; gap: 0; }
      .filters { grid-template-columns: 1fr; }
      .fields-table th:nth-child(4), .fields-table td:nth-child(4) { display: none; }
    }

    """#

  static let javaScript = #"""
    // catalog site: search and filters on the index, expand/collapse and copy on kind pages.
    // Text from the catalog is only ever set with textContent or read from the generated index.
    (function () {
      "use strict";
      var body = document.getElementById("kinds");
      var index = window.CATALOG_INDEX;
      if (body && index) {
        var kinds = index.kinds;
        var rows = body.rows;
        var haystack = new Array(kinds.length);
        for (var i = 0; i < kinds.length; i++) {
          haystack[i] = (kinds[i][0] + "\n" + index.categories[kinds[i][1]] + "\n" +
            kinds[i][2]).toLowerCase();
        }
        // The payloads' string values (search-payloads.js), by row.
        var payloads = window.CATALOG_PAYLOADS || [];
        for (var p = 0; p < payloads.length; p++) {
          var item = payloads[p];
          if (item && item[0] >= 0 && item[0] < kinds.length) {
            haystack[item[0]] += "\n" + item[1].toLowerCase();
          }
        }
        var shown = new Uint8Array(kinds.length).fill(1);
        var query = document.getElementById("q");
        var category = document.getElementById("category");
        var deprecation = document.getElementById("deprecation");
        var count = document.getElementById("count");
        var empty = document.getElementById("empty");
        var apply = function () {
          var terms = query.value.toLowerCase().split(/\s+/).filter(Boolean);
          var wanted = category.value === "" ? -1 : Number(category.value);
          var status = deprecation.value;
          var matches = 0;
          for (var i = 0; i < kinds.length; i++) {
            var ok = (wanted < 0 || kinds[i][1] === wanted) &&
              (status === "all" || (status === "deprecated") === (kinds[i][3] === 1));
            for (var t = 0; ok && t < terms.length; t++) {
              if (haystack[i].indexOf(terms[t]) < 0) ok = false;
            }
            if ((ok ? 1 : 0) !== shown[i]) {
              rows[i].hidden = !ok;
              shown[i] = ok ? 1 : 0;
            }
            if (ok) matches++;
          }
          count.textContent = matches + " of " + kinds.length + " kinds";
          empty.hidden = matches !== 0;
        };
        var fromHash = function () {
          var match = /^#category=(\d+)$/.exec(location.hash);
          if (match && Number(match[1]) < index.categories.length) {
            category.value = match[1];
            apply();
          }
        };
        // The query and the filters live in the address (?q=…&category=…&status=…), so a
        // search can be bookmarked, shared and reloaded; the category by name, which stays
        // right when categories are added.
        var remember = function () {
          var params = new URLSearchParams();
          if (query.value !== "") params.set("q", query.value);
          if (category.value !== "") {
            params.set("category", index.categories[Number(category.value)]);
          }
          if (deprecation.value !== "all") params.set("status", deprecation.value);
          var search = params.toString();
          try {
            history.replaceState(null, "", location.pathname + (search ? "?" + search : ""));
          } catch (error) {
            // Some browsers refuse to change the address of a page opened from a file.
          }
        };
        var changed = function () { apply(); remember(); };
        query.addEventListener("input", changed);
        category.addEventListener("change", changed);
        deprecation.addEventListener("change", changed);
        var params = new URLSearchParams(location.search);
        if (params.has("q")) query.value = params.get("q");
        if (params.has("category")) {
          var named = index.categories.indexOf(params.get("category"));
          if (named >= 0) category.value = String(named);
        }
        var wantedStatus = params.get("status");
        if (wantedStatus === "active" || wantedStatus === "deprecated") {
          deprecation.value = wantedStatus;
        }
        document.getElementById("filters").addEventListener("submit", function (event) {
          event.preventDefault();
        });
        window.addEventListener("hashchange", fromHash);
        fromHash();
        if (query.value !== "" || category.value !== "" || deprecation.value !== "all") apply();
      }
      // Expand all / Collapse all: only useful with script, so only made by it.
      var treeTools = document.getElementById("tree-tools");
      if (treeTools) {
        var first = treeTools.firstChild;
        [["Expand all", true], ["Collapse all", false]].forEach(function (spec) {
          var button = document.createElement("button");
          button.type = "button";
          button.textContent = spec[0];
          button.addEventListener("click", function () {
            document.querySelectorAll(".json details").forEach(function (node) {
              node.open = spec[1];
            });
          });
          treeTools.insertBefore(button, first);
          treeTools.insertBefore(document.createTextNode(" "), first);
        });
      }
      // A blame cell links to its revision in the page's timeline; its tooltip repeats the
      // revision's author, time and message from there.
      var tips = {};
      document.querySelectorAll("small > a[href^='#r']").forEach(function (link) {
        var target = link.getAttribute("href").slice(1);
        if (!(target in tips)) {
          var item = document.getElementById(target);
          var part = function (selector) {
            var node = item && item.querySelector(selector);
            return node ? node.textContent : "";
          };
          tips[target] = item ? [link.textContent, part(".author"), part("time"),
            part(".message")].join(" \u00b7 ") : "";
        }
        if (tips[target]) link.title = tips[target];
      });
      document.querySelectorAll("button[data-copy]").forEach(function (button) {
        button.addEventListener("click", function () {
          var source = document.getElementById(button.getAttribute("data-copy"));
          var status = button.parentNode.querySelector(".copied");
          var text = source.textContent;
          var done = function (message) { if (status) status.textContent = message; };
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).then(
              function () { done("Copied."); },
              function () { done(fallback(source) ? "Copied." : "Select the text and copy it."); });
          } else {
            done(fallback(source) ? "Copied." : "Select the text and copy it.");
          }
        });
      });
      function fallback(source) {
        var range = document.createRange();
        range.selectNodeContents(source);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        try { return document.execCommand("copy"); } catch (error) { return false; }
      }
    })();

    """#
}

extension SiteGenerator {
  mutating func writeAssets() throws {
    try write("site.css", bytes: Array(SiteAssets.css.utf8))
    try write("site.js", bytes: Array(SiteAssets.javaScript.utf8))
  }
}
