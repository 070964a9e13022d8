/** The table webview's page, apart from what it does: its markup, its styles in the workbench's colours, its policy. */
import * as vscode from 'vscode';

/** The webview's page: its own script only (by nonce), styles inline (the grid's theme is injected as style elements). */
export function page(webview: vscode.Webview, script: vscode.Uri): string {
  const nonce = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'; style-src ${webview.cspSource} 'unsafe-inline'; img-src ${webview.cspSource} data:; font-src ${webview.cspSource};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style>
html, body { height: 100%; margin: 0; padding: 0; color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); }
body { display: flex; flex-direction: column; }
header { display: flex; gap: 6px; align-items: center; padding: 6px 8px; flex-wrap: wrap; }
input { background: var(--vscode-input-background); color: var(--vscode-input-foreground); border: 1px solid var(--vscode-input-border, transparent); padding: 3px 6px; }
button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: none; padding: 4px 10px; cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); }
#status { margin-left: auto; color: var(--vscode-descriptionForeground); }
#grid { flex: 1; min-height: 0; }
#columns { position: relative; }
#columnList { position: absolute; z-index: 10; background: var(--vscode-dropdown-background); color: var(--vscode-dropdown-foreground); border: 1px solid var(--vscode-dropdown-border, transparent); padding: 4px 8px; max-height: 60vh; overflow: auto; white-space: nowrap; }
#columnList label { display: block; }
.invalid { text-decoration: underline wavy var(--vscode-editorError-foreground); color: var(--vscode-errorForeground); }
.node { color: var(--vscode-textLink-foreground); cursor: pointer; }
.unsaved-mark, #unsaved { color: var(--vscode-editorWarning-foreground); }
.ag-row:not(.unsaved) .unsaved-mark { display: none; }
</style>
</head>
<body>
<header>
<input id="filter" type="search">
<input id="path" type="text">
<button id="addColumn"></button>
<details id="columns"><summary id="columnsLabel"></summary><div id="columnList"></div></details>
<button id="readAll"></button>
<button id="saveAll"></button>
<span id="unsaved" role="status" hidden></span>
<span id="status" role="status" aria-live="polite"></span>
</header>
<div id="grid"></div>
<script nonce="${nonce}" src="${webview.asWebviewUri(script).toString()}"></script>
</body>
</html>`;
}
