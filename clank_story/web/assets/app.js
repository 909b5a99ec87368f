// The browser table's page: draws what the table sends and sends back, for every click, the very
// command line a person would type at the prompt. No rules here and no words of its own: every
// sentence comes from the server (the words catalog), in the page or with each state.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const words = JSON.parse($("words").textContent);
  const log = $("log");
  const input = $("command");
  let socket = null;
  let state = null;
  let waiting = false;     // a command is on its way: further clicks wait for its answer
  let closed = false;
  let completions = {text: null, items: []};
  let tabFor = null;       // the text Tab was pressed on, waiting for its completions
  const history = [];
  let historyAt = 0;

  // -- the connection ----------------------------------------------------------------------------
  function connect() {
    const path = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
    socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path + "ws");
    notice(words.connecting);
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      closed = true;
      waiting = false;
      notice(state && state.closed ? words.closed : words.lost);
      document.body.classList.add("closed");
    };
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function command(text) {
    if (!state) return;
    request({type: "command", text: text, seq: state.seq});
  }

  function request(message) {   // one at a time: the next click waits for this one's answer
    if (waiting || closed) return;
    if (send(message)) {
      waiting = true;
      performance.mark("command-sent");
      $("table").setAttribute("aria-busy", "true");
    }
  }

  function receive(message) {
    switch (message.type) {
      case "hello":
        log.textContent = "";
        append(message.log);
        notice("");
        render(message.state, message.closed);
        break;
      case "update":
        append(message.lines);
        render(message.state, message.closed);
        break;
      case "refused":
        append([{text: message.text, tag: "refusal"}]);
        if (message.state) render(message.state, false);
        else { waiting = false; $("table").setAttribute("aria-busy", "false"); }
        break;
      case "completions":
        completions = message;
        showCompletions();
        break;
    }
  }

  function notice(text) {
    const box = $("notice");
    box.textContent = text || "";
    box.hidden = !text;
  }

  // -- the story log -----------------------------------------------------------------------------
  function append(lines) {
    const frag = document.createDocumentFragment();
    for (const line of lines) {
      if (line.tag === "blank" || !line.text) continue;
      frag.appendChild(lineElement(line));
    }
    log.appendChild(frag);
    log.scrollTop = log.scrollHeight;
  }

  function lineElement(line) {
    if (line.tag === "passage") {   // a passage of the Book of Secrets: set apart, its title first
      const box = document.createElement("section");
      box.className = "passage";
      const [title, ...body] = line.text.split("\n");
      const h = document.createElement("h3");
      h.textContent = title;
      box.appendChild(h);
      for (const para of body.join("\n").split(/\n\s*\n/)) {
        if (!para.trim()) continue;
        const p = document.createElement("p");
        p.textContent = para.trim();
        box.appendChild(p);
      }
      return box;
    }
    const p = document.createElement("p");
    p.className = "line tag-" + line.tag;
    p.textContent = line.text;
    return p;
  }

  // -- the state ---------------------------------------------------------------------------------
  function render(next, isClosed) {
    const focus = rememberFocus();
    state = next;
    waiting = false;
    $("table").setAttribute("aria-busy", "false");
    $("table").dataset.seq = state.seq;   // which state is drawn (tools and tests wait on it)
    if (isClosed) { state.closed = true; notice(words.closed); }
    document.body.classList.toggle("over", !!state.over);

    fill($("bar"), state.bar.map((item) => el("li", {class: "bar-" + item.key}, item.text)));
    $("map").innerHTML = state.map;   // drawn and escaped by the server (web/board.py)
    fill($("moves"), state.moves.map((m) => el("li", {}, button(m.label, m.command))), words.moves_none);
    $("h-here").hidden = !state.here.length;
    fill($("here"), state.here.map((h) => button(h.meta ? h.label + " (" + h.meta + ")" : h.label, h.command)));
    fill($("hand"), state.hand.map(card), words.hand_empty);
    $("in-play").textContent = state.in_play.length ? state.in_play.join(", ") : words.in_play_empty;
    fill($("row"), state.row.map(card), words.row_empty);
    fill($("reserve"), state.reserve.map(card));
    fill($("players"), state.players.map(player));
    $("play-all").hidden = !state.can.play_all;
    $("end").hidden = !state.can.end;
    $("undo").disabled = !state.can.undo;
    $("campaign").hidden = !state.can.campaign;
    $("contracts").hidden = !state.can.contracts;
    input.placeholder = state.prompt.trim();

    const q = state.question;
    $("question").hidden = !q;
    if (q) {
      $("question-prompt").textContent = q.prompt;
      fill($("choices"), q.options.map((o) => button(o.n ? o.n + ". " + o.label : o.label, o.command)));
    }
    restoreFocus(focus);
    performance.mark("state-drawn");
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(label, cmd) {
    const b = el("button", {type: "button", "data-command": cmd}, label);
    return b;
  }

  function fill(box, children, empty) {
    box.textContent = "";
    if (!children.length && empty) box.appendChild(el("p", {class: "empty"}, empty));
    for (const child of children) box.appendChild(child);
  }

  function card(c) {
    const attrs = {class: "card kind-" + c.kind + (c.command ? " can" : ""), "data-card": c.id};
    const node = c.command ? el("button", {...attrs, type: "button", "data-command": c.command,
                                           "aria-label": c.label})
                           : el("div", {...attrs, role: "group", "aria-label": c.label});
    node.appendChild(el("span", {class: "card-name"}, c.name));
    if (c.cost) node.appendChild(el("span", {class: "card-cost"}, c.cost));
    node.appendChild(el("span", {class: "card-text"}, c.text));
    if (c.left) node.appendChild(el("span", {class: "card-left"}, c.left));
    return node;
  }

  function player(p) {
    const li = el("li", {class: "player" + (p.active ? " active" : "") + (p.you ? " you" : "")});
    li.appendChild(el("span", {class: "pawn seat-" + (p.seat % 4), "aria-hidden": "true"}));
    li.appendChild(el("strong", {}, p.name + (p.mark ? " " + p.mark : "")));
    li.appendChild(el("span", {class: "player-line"}, p.line));
    if (p.active) li.setAttribute("aria-current", "true");
    return li;
  }

  // Focus stays where it was across a redraw: on the same command if it is still offered.
  function rememberFocus() {
    const a = document.activeElement;
    if (!a || a === document.body) return null;
    return {command: a.getAttribute && a.getAttribute("data-command"), id: a.id,
            box: a.closest && a.closest("section, header") };
  }

  function restoreFocus(f) {
    if (!f) return;
    if (f.id && document.getElementById(f.id) && document.activeElement.id === f.id) return;
    let target = null;
    if (f.command) target = document.querySelector('[data-command="' + CSS.escape(f.command) + '"]');
    if (!target && f.id) target = document.getElementById(f.id);
    if (!target && f.box) target = f.box.querySelector("button:not([hidden]):not([disabled]), [tabindex='0']");
    if (target && target !== document.activeElement) target.focus({preventScroll: true});
  }

  // -- clicks and keys ---------------------------------------------------------------------------
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-command], [data-message], [data-fill]");
    if (!target || target.disabled) return;
    event.preventDefault();
    if (target.dataset.fill !== undefined) { useSuggestion(target.dataset.fill); return; }
    if (target.dataset.message === "campaign") { request({type: "campaign"}); return; }
    command(target.dataset.command);
  });

  document.addEventListener("keydown", (event) => {   // SVG spaces are buttons too
    const target = event.target;
    if ((event.key === "Enter" || event.key === " ") && target.getAttribute &&
        target.getAttribute("role") === "button" && target.dataset && target.dataset.command) {
      event.preventDefault();
      command(target.dataset.command);
    }
  });

  $("command-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value;
    if (!text.trim() || waiting) return;
    history.push(text);
    historyAt = history.length;
    input.value = "";
    hideSuggestions();
    command(text);
  });

  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => send({type: "complete", text: input.value}), 60);
  });

  input.addEventListener("keydown", (event) => {
    if (event.key === "Tab" && !event.shiftKey && input.value.trim() &&
        !(completions.text === input.value && completions.items.length === 0)) {
      event.preventDefault();
      tabFor = input.value;
      send({type: "complete", text: input.value});
    } else if (event.key === "Escape") {
      hideSuggestions();
    } else if (event.key === "ArrowUp" && history.length) {
      if (historyAt > 0) historyAt -= 1;
      input.value = history[historyAt] || "";
      event.preventDefault();
    } else if (event.key === "ArrowDown" && history.length) {
      if (historyAt < history.length) historyAt += 1;
      input.value = history[historyAt] || "";
      event.preventDefault();
    }
  });

  function showCompletions() {
    const list = $("completions");
    list.textContent = "";
    for (const item of completions.items) {
      list.appendChild(el("option", {value: item.line, label: item.meta ? item.display + " — " + item.meta : item.display}));
    }
    if (tabFor === null || completions.text !== input.value) return;
    tabFor = null;
    const items = completions.items;
    if (items.length === 1) {
      useSuggestion(items[0].line);
    } else if (items.length > 1) {
      const common = prefix(items.map((i) => i.line));
      if (common.length > input.value.length) input.value = common;
      const box = $("suggestions");
      fill(box, items.map((i) => el("li", {}, suggestion(i))));
      box.hidden = false;
    }
  }

  function suggestion(item) {
    const b = el("button", {type: "button", "data-fill": item.line}, item.display);
    if (item.meta) b.appendChild(el("span", {class: "meta"}, " — " + item.meta));
    return b;
  }

  function useSuggestion(line) {
    input.value = line.includes(" ") ? line : line + " ";   // a verb: its argument comes next
    hideSuggestions();
    input.focus();
    send({type: "complete", text: input.value});
  }

  function hideSuggestions() {
    $("suggestions").hidden = true;
    $("suggestions").textContent = "";
  }

  function prefix(lines) {
    let p = lines[0];
    for (const line of lines) while (!line.startsWith(p)) p = p.slice(0, -1);
    return p;
  }

  connect();
})();
