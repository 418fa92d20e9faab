// The page of bgbot serve (docs/web.md). Placeholder until the page is written.
const app = document.getElementById("app");
if (app) app.textContent = "BoardGamesBot";
