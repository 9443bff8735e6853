/* The referee's panel: who asks to join, each phone's measured delay and credit, the credit's cap.
 *
 * referee.js hands over the messages it does not handle itself as
 * "referee:message" events, and `window.referee.send` sends ours.
 */
(function () {
  "use strict";

  const requests = document.getElementById("join-requests");
  const delays = document.getElementById("delays");
  if (!requests || !delays) return; // not the referee
  const send = (message) => window.referee.send(message);

  function showRequest(ask) {
    if (requests.querySelector(`[data-request="${ask.id}"]`)) return;
    const item = document.createElement("li");
    item.dataset.request = ask.id;
    const words = document.createElement("span");
    // Names are text, never markup.
    words.textContent = ask.role === "referee" ? requests.dataset.referee : `${requests.dataset.seat} ${ask.seat}`;
    item.append(words);
    for (const [label, approve] of [[requests.dataset.approve, true], [requests.dataset.deny, false]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", () => send({ type: "join.answer", request: ask.id, approve: approve }));
      item.append(" ", button);
    }
    requests.append(item);
  }

  function showDelay(m) {
    let row = delays.querySelector(`[data-member="${m.member}"]`);
    if (!row) {
      row = document.createElement("tr");
      row.dataset.member = m.member;
      row.append(document.createElement("th"), document.createElement("td"), document.createElement("td"));
      delays.append(row);
    }
    const table = delays.closest("table");
    // A phone without a seat is named by its role in the page's language (« arbitre »).
    row.children[0].textContent = m.seat || table.dataset[`role${m.role.charAt(0).toUpperCase()}${m.role.slice(1)}`] || m.role;
    row.children[1].textContent = `${m.one_way_ms} ms`;
    row.children[2].textContent = `${m.credit_ms} ms` + (m.flagged ? ` ⚠ ${table.dataset.flagged}` : "");
    row.classList.toggle("flagged", Boolean(m.flagged));
  }

  document.addEventListener("referee:message", (event) => {
    const m = event.detail;
    if (m.type === "join.requested") showRequest(m.request);
    if (m.type === "join.answered") {
      const item = requests.querySelector(`[data-request="${m.request}"]`);
      if (item) item.remove();
    }
    if (m.type === "member.delay") showDelay(m);
    if (m.type === "table.option") {
      const select = document.getElementById("credit-cap-ms");
      if (select) select.value = String(Math.round(m.credit_cap * 1000));
    }
  });

  const capForm = document.getElementById("credit-cap");
  if (capForm) {
    capForm.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ type: "settings.change", credit_cap_ms: Number(document.getElementById("credit-cap-ms").value) });
    });
  }
})();
