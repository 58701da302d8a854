/**
 * A small self-contained page for trying queries in a browser. Apollo's own landing page loads its
 * UI from the internet, which a LAN media server must not depend on.
 */
export const EXPLORER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Airwave GraphQL</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 14px system-ui, sans-serif; margin: 0; display: grid; grid-template-rows: auto 1fr; height: 100vh; }
  header { padding: 8px 12px; background: #1f2937; color: #fff; display: flex; gap: 12px; align-items: center; }
  main { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; padding: 8px; min-height: 0; }
  textarea, pre { font: 13px ui-monospace, monospace; width: 100%; height: 100%; box-sizing: border-box; margin: 0; }
  pre { overflow: auto; background: #f3f4f6; padding: 8px; }
  label { display: flex; gap: 6px; align-items: center; }
</style>
</head>
<body>
<header>
  <strong>Airwave GraphQL</strong>
  <button id="run" type="button">Run (Ctrl+Enter)</button>
  <label>X-Api-Key <input id="key" type="password" autocomplete="off"></label>
</header>
<main>
  <textarea id="query" aria-label="Query" spellcheck="false">{ channels { id number name streamUrl ffmpegProfile { name } } }</textarea>
  <pre id="result" aria-label="Result" aria-live="polite"></pre>
</main>
<script>
  const run = async () => {
    const headers = { "content-type": "application/json" };
    const key = document.getElementById("key").value;
    if (key) headers["x-api-key"] = key;
    const response = await fetch(location.pathname, { method: "POST", headers, body: JSON.stringify({ query: document.getElementById("query").value }) });
    document.getElementById("result").textContent = JSON.stringify(await response.json(), null, 2);
  };
  document.getElementById("run").addEventListener("click", run);
  document.getElementById("query").addEventListener("keydown", (e) => { if (e.ctrlKey && e.key === "Enter") run(); });
</script>
</body>
</html>
`;
