// The page of bgbot serve (docs/web.md): the lobby at /, a seat's game at /play/TOKEN, a
// replay at /replay/ID. One bundle; the server sends index.html for all three.
import { api, ApiError } from "./api";
import { h, clear } from "./dom";
import { showLobby } from "./lobby";
import { GamePage } from "./play";
import { showReplay } from "./replay";

async function main() {
  const app = document.getElementById("app")!;
  let info;
  try {
    info = await api.info();
  } catch (e) {
    clear(app);
    app.appendChild(h("p", { class: "message" }, e instanceof ApiError ? e.message : String(e)));
    return;
  }
  const path = location.pathname;
  const play = /^\/play\/([0-9a-f]{32})$/.exec(path);
  const replay = /^\/replay\/(\d+)$/.exec(path);
  if (play) await new GamePage(play[1], info).mount(app);
  else if (replay) await showReplay(app, info, Number(replay[1]));
  else await showLobby(app, info);
}

void main();
