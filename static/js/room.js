/* The room screen: listens to its night's WebSocket and re-fetches the board. */
// The room screen listens to its night's WebSocket; when a game ends at any table
// it asks htmx to re-fetch the board. It reconnects by itself after a drop.
(function () {
  const room = document.querySelector(".room");
  const status = document.getElementById("room-status");
  let delay = 1000;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + room.dataset.socket);
    socket.onopen = function () {
      // After a drop, games may have ended unseen: fetch the board once on reconnecting.
      if (room.dataset.connected === "false") { htmx.trigger("#board", "game-ended"); }
      delay = 1000; status.textContent = status.dataset.live; room.dataset.connected = "true";
    };
    socket.onmessage = function (message) {
      const data = JSON.parse(message.data);
      if (data.event === "game_ended" || data.event === "draw_changed") { htmx.trigger("#board", "game-ended"); }
    };
    socket.onclose = function () {
      room.dataset.connected = "false";
      status.textContent = status.dataset.offline;
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
