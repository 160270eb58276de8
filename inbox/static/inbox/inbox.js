// The inbox's live list: htmx replaces #inbox-list every 2 s; this file notices chats that were not there before,
// shows a browser notification (when allowed) and keeps the unassigned count in the tab title. No inline script.
(function () {
  "use strict";
  var seen = null;
  var baseTitle = document.title;

  function ids(list) {
    var raw = list.getAttribute("data-ids") || "";
    return raw ? raw.split(",") : [];
  }

  function refresh() {
    var list = document.getElementById("inbox-list");
    if (!list) { return; }
    var unassigned = parseInt(list.getAttribute("data-unassigned") || "0", 10);
    document.title = (unassigned ? "(" + unassigned + ") " : "") + baseTitle;
    var now = ids(list);
    if (seen !== null) {
      var fresh = now.filter(function (id) { return seen.indexOf(id) < 0; });
      fresh.forEach(function (id) {
        var item = document.getElementById("item-" + id);
        if (item) { item.classList.add("fresh"); }
      });
      if (fresh.length && window.Notification && Notification.permission === "granted") {
        new Notification(list.getAttribute("data-notify-title") || document.title, {
          body: fresh.length + " ✉", tag: "magie-inbox"
        });
      }
    }
    seen = now;
  }

  document.addEventListener("DOMContentLoaded", function () {
    refresh();
    var button = document.getElementById("notify-enable");
    if (button) {
      if (!window.Notification || Notification.permission === "granted") { button.hidden = true; }
      button.addEventListener("click", function () {
        Notification.requestPermission().then(function (answer) { button.hidden = answer === "granted"; });
      });
    }
    var use = document.querySelector(".use-canned");
    if (use) {
      use.addEventListener("click", function () {
        var text = document.getElementById("reply-text");
        text.value = document.getElementById("canned").value;
        text.focus();
      });
    }
  });
  document.addEventListener("htmx:afterSettle", refresh);
})();
