/** The table webview's page, apart from what it does: its markup, its styles in the workbench's colours, its policy. */
import * as vscode from 'vscode';

/**
 * The webview's page: its own scripts only (by nonce), from `scripts`: the first rows' (small, at
 * once) and the grid's; styles inline (the grid's theme is injected as style elements).
 */
export function page(webview: vscode.Webview, scripts: vscode.Uri, firstRows: string): string {
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
/* The first rows, before the grid starts: its theme's header and row heights (max(icon, font) + padding), so that the same rows are in view. */
.first-rows { display: grid; grid-template-rows: calc(max(16px, var(--vscode-font-size)) + 33px); grid-auto-rows: calc(max(16px, var(--vscode-font-size)) + 26px); align-content: start; height: 100%; box-sizing: border-box; overflow: hidden; border: 1px solid var(--vscode-panel-border); font-size: var(--vscode-font-size); }
.first-rows > div { display: contents; }
.first-rows > div > div { display: flex; align-items: center; max-width: 320px; padding: 0 8px; box-sizing: border-box; border-bottom: 1px solid var(--vscode-panel-border); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.first-rows [role="columnheader"] { background: var(--vscode-editorGroupHeader-tabsBackground); font-weight: 600; }
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
<script nonce="${nonce}" data-grid="${webview.asWebviewUri(vscode.Uri.joinPath(scripts, 'table.js')).toString()}">${firstRows.replace(/<\/script/gi, '<\\/script')}</script>
</body>
</html>`;
}
