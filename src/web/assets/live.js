// The game page follows its game: on each "move" event of /g/TOKEN/events it fetches
// the page again and swaps in the new board, status and move list (and the preview's
// tags), without a reload. Without JavaScript the page's <noscript> refresh does it.
(function () {
  "use strict";
  var source = document.querySelector('meta[name="boardbot-events"]');
  if (!source || !window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var events = new EventSource(source.getAttribute("content"));
  var busy = false;
  var again = false;
  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html");
        var main = fresh.querySelector("main");
        var old = document.querySelector("main");
        if (!main || !old) {
          window.location.reload();
          return;
        }
        old.replaceWith(document.importNode(main, true));
        document.title = fresh.title;
        fresh.querySelectorAll("meta[property], meta[name]").forEach(function (meta) {
          var key = meta.hasAttribute("property") ? "property" : "name";
          var here = document.querySelector("meta[" + key + '="' + meta.getAttribute(key) + '"]');
          if (here && meta.hasAttribute("content")) {
            here.setAttribute("content", meta.getAttribute("content"));
          }
        });
        document.documentElement.setAttribute("data-ply", fresh.documentElement.getAttribute("data-ply") || "");
      })
      .catch(function () {
        window.location.reload();
      })
      .then(function () {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }
  events.addEventListener("move", refresh);
})();
