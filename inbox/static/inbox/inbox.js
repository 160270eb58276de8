// The inbox's live list: htmx replaces #inbox-list every 2 s (its links have ids, so htmx gives focus back to the
// same link after the swap); this file notices chats that were not there before, shows a browser notification (when
// allowed) and keeps the unassigned count in the tab title. The open chat: opened at its newest message, kept live
// by server push (`liveChat`, polling only as a fallback); the reply box and its focus are never touched. No
// inline script.
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

  // The open chat is live by server push: an EventSource on the chat's `live/` stream (magie/live.py) says what
  // changed (a message, a receipt, a colleague's note, or "resync"), and only then is it fetched. While the stream
  // is open a safety poll runs every 15 s; without one (no EventSource, the server at its most streams, the stream
  // broken) the chat polls every 0.8 s until the stream opens again. `data-live` says which ("open", "polling"),
  // `data-last-via` how the last change came ("push", "poll").
  var FALLBACK_POLL_MS = 800;  // a new message shows within 2 s even without a stream
  var SAFETY_POLL_MS = 15000;  // a notification lost between two streams is fetched anyway
  var RETRY_STREAM_MS = 10000;  // after a refused stream (204), try again this much later

  function lastMessageId(chat) {
    var last = 0;
    chat.querySelectorAll("li[data-message]").forEach(function (item) {
      last = Math.max(last, parseInt(item.getAttribute("data-message"), 10) || 0);
    });
    return last;
  }

  function append(chat, html) {
    // New messages are appended; one already shown is replaced (its delivery changed). Only the chat's own list
    // changes: the reply box, its text and its focus are never touched.
    var holder = document.createElement("ol");
    holder.innerHTML = html;
    var atBottom = chat.scrollHeight - chat.scrollTop - chat.clientHeight < 40;
    var added = 0;
    Array.prototype.slice.call(holder.children).forEach(function (item) {
      var id = item.getAttribute("data-message");
      if (!id) { return; }
      var shown = chat.querySelector('li[data-message="' + id + '"]');
      if (shown) { shown.replaceWith(item); } else { chat.appendChild(item); added += 1; }
    });
    if (added) {
      var empty = chat.querySelector(".no-messages");
      if (empty) { empty.remove(); }
      if (atBottom) { chat.scrollTop = chat.scrollHeight; }
    }
    return added;
  }

  function fetchText(url) {
    return fetch(url, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (response) { return response.ok ? response.text() : ""; });
  }

  function fetchMessages(chat, after, via) {
    return fetchText(chat.getAttribute("data-messages-url") + "?after=" + after)
      .then(function (html) {
        if (html.trim()) { append(chat, html); chat.setAttribute("data-last-via", via); }
      })
      .catch(function () { /* offline for a moment: the next event or poll asks again */ });
  }

  function fetchNotes(chat) {
    var holder = document.getElementById("private-notes");
    if (!holder) { return; }
    fetchText(chat.getAttribute("data-notes-url")).then(function (html) {
      if (html.trim()) { holder.innerHTML = html; chat.setAttribute("data-last-via", "push"); }
    }).catch(function () {});
  }

  function liveChat(chat) {
    var source = null;
    var timer = null;

    function schedule() {
      window.clearTimeout(timer);
      var open = source && source.readyState === 1;
      timer = window.setTimeout(function () {
        fetchMessages(chat, lastMessageId(chat), "poll").then(schedule);
      }, open ? SAFETY_POLL_MS : FALLBACK_POLL_MS);
    }

    function connect() {
      if (!window.EventSource) { chat.setAttribute("data-live", "polling"); schedule(); return; }
      source = new EventSource(chat.getAttribute("data-live-url"));
      source.addEventListener("open", function () {
        chat.setAttribute("data-live", "open");
        fetchMessages(chat, lastMessageId(chat), "push");  // what arrived while the stream was closed
        schedule();
      });
      source.addEventListener("message", function () { fetchMessages(chat, lastMessageId(chat), "push"); });
      source.addEventListener("receipt", function (event) {
        var ref = parseInt(JSON.parse(event.data).ref, 10) || 0;
        if (ref) { fetchMessages(chat, Math.min(ref - 1, lastMessageId(chat)), "push"); }
      });
      source.addEventListener("note", function () { fetchNotes(chat); });
      source.addEventListener("resync", function () {
        fetchMessages(chat, lastMessageId(chat), "push");
        fetchNotes(chat);
      });
      source.addEventListener("error", function () {
        chat.setAttribute("data-live", "polling");
        schedule();  // poll quickly until the stream is back
        if (source.readyState === 2) {  // refused (the server's most streams): EventSource gives up; we retry later
          source = null;
          window.setTimeout(connect, RETRY_STREAM_MS);
        }
      });
    }

    connect();
    schedule();
  }

  document.addEventListener("DOMContentLoaded", function () {
    refresh();
    var chat = document.querySelector("ol.chat[data-messages-url]");
    if (chat) {
      chat.scrollTop = chat.scrollHeight;  // a thread opens at its newest message
      liveChat(chat);
    }
    var button = document.getElementById("notify-enable");
    if (button) {
      if (!window.Notification || Notification.permission === "granted") { button.hidden = true; }
      button.addEventListener("click", function () {
        Notification.requestPermission().then(function (answer) { button.hidden = answer === "granted"; });
      });
    }
    var picker = document.getElementById("canned");
    var preview = document.getElementById("canned-preview");
    if (picker && preview) {  // what the customer will read, variables filled, before it is used or sent
      picker.addEventListener("change", function () { preview.textContent = picker.value; });
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

  // Keyboard shortcuts (the help overlay, `?`, lists them): j/k next and previous chat, r reply, n note, a assign
  // to me, e resolve, c canned reply. Keys typed into a field are the field's, except Escape (leave the field or
  // close the help). The list's refresh never moves focus (its links keep their ids), so neither do these.
  function chatLinks() {
    return Array.prototype.slice.call(document.querySelectorAll("#inbox-list li.item > a"));
  }

  function go(step) {
    var links = chatLinks();
    if (!links.length) { return; }
    var current = links.findIndex(function (link) { return link.parentElement.classList.contains("selected"); });
    var next = current < 0 ? 0 : Math.min(links.length - 1, Math.max(0, current + step));
    if (next !== current) { window.location.assign(links[next].href); }
  }

  function focusField(id) {
    var field = document.getElementById(id);
    if (field) { field.focus(); return true; }
    return false;
  }

  function toggleHelp(show) {
    var help = document.getElementById("shortcuts-help");
    if (!help) { return; }
    help.hidden = show === undefined ? !help.hidden : !show;
  }

  var ACTIONS = {
    "j": function () { go(1); },
    "k": function () { go(-1); },
    "r": function () { focusField("reply-text"); },
    "n": function () { focusField("note-text"); },
    "c": function () { focusField("canned"); },
    "e": function () { focusField("resolve-note"); },
    "a": function () {
      var claim = document.querySelector("input[name=claim]");
      if (claim) { claim.click(); }
    },
    "?": function () { toggleHelp(); }
  };

  document.addEventListener("keydown", function (event) {
    if (!document.querySelector(".inbox")) { return; }
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (event.key === "Escape") {
      toggleHelp(false);
      if (typing) { target.blur(); }
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var action = ACTIONS[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
})();
