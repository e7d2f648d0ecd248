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
