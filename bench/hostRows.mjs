// The rows of the runs in code-server (bench/extensionHost.mjs), one function per part; a part
// not measured (`--only`) has no rows.
import { judge } from './report.mjs';
import { fmtBytes, fmtMs, fmtSpread, fmtStat, summarize as stat } from './stats.mjs';

export function extensionHostRows({ runs, webRuns }, report) {
  const section = `In code-server's extension host (${runs.length} runs)`;
  activationRows(runs, section, report);
  if (runs[0].editing) editingRows(runs, webRuns, section, report);
  if (runs[0].openBins) memoryRows(runs, section, report);
  if (runs[0].table) tableRows(runs, section, report);
  if (runs[0].tree) treeRows(runs, section, report);
  if (runs[0].editing) editingCurve(runs, report);
}

function activationRows(runs, section, report) {
  const loading = (a) => a.moduleLoadMs + a.vscodeActivationMs;
  // The empty extension's figure: the mean of the one activated before this one and the one after.
  const empty = (r) => (loading(r.emptyBefore) + loading(r.emptyAfter)) / 2;
  const ratios = stat(runs.map((r) => loading(r.activation) / empty(r)));
  const ms = (pick) => fmtMs(stat(runs.map(pick)).median);
  const startup = stat(runs.map((r) => r.activation.moduleLoadMs + r.activation.activateMs));
  report.add({
    section,
    name: "module load + activation, as a multiple of an empty extension's",
    value: ratios.median,
    unit: '×',
    spread: `${ratios.min.toFixed(2)}–${ratios.max.toFixed(2)}×, n=${ratios.n}`,
    comparison: `${ms((r) => loading(r.activation))} (module load ${ms((r) => r.activation.moduleLoadMs)}, VS Code's activation as a caller waits for it ${ms((r) => r.activation.vscodeActivationMs)}) against an empty extension's ${ms(empty)} (activated before this one ${ms((r) => loading(r.emptyBefore))}, after it ${ms((r) => loading(r.emptyAfter))}; module load ${ms((r) => r.emptyAfter.moduleLoadMs)}), after another empty one took the host's first activation (${ms((r) => loading(r.warmUpActivation))}); the workbench's work left after each, not counted: this one's ${ms((r) => r.activation.settledMs)}, an empty one's ${ms((r) => r.emptyBefore.settledMs)}; module load + activate() alone ${fmtMs(startup.median)} (${fmtSpread(startup)}), activate() ${ms((r) => r.activation.activateMs)}`,
    ...judge(Number(ratios.median.toFixed(2)), '<=', 2, '×'),
  });
  const requests = runs.map((r) => r.requestsAtActivation);
  report.add({
    section,
    name: 'requests during activation',
    value: Math.max(...requests),
    unit: 'requests',
    comparison: `each run: ${requests.join(', ')}`,
    ...judge(Math.max(...requests), '=', 0),
  });
}

/** The edit times of every run for a record of `kb`. */
const edits = (runs, kb) => stat(runs.flatMap((r) => r.editing.editMs[kb]));
const sizesOf = (runs) => Object.keys(runs[0].editing.editMs).map(Number);

function editingRows(runs, webRuns, section, report) {
  const sizes = sizesOf(runs);
  const largest = sizes[sizes.length - 1];
  const edit = edits(runs, largest);
  report.add({
    section,
    name: `edit applied → diagnostics published, ${largest} KB record`,
    value: edit.median,
    unit: 'ms',
    spread: fmtSpread(edit),
    comparison: 'validation delay 0 (debounce excluded)',
    ...judge(edit.median, '<=', 20, 'ms'),
  });
  const web = stat(webRuns.flatMap((r) => r.editMs));
  const ratio = web.median / edit.median;
  report.add({
    section,
    name: `  the same in the browser's web worker host (${webRuns.length} runs)`,
    value: web.median,
    unit: 'ms',
    spread: fmtSpread(web),
    comparison: `${ratio.toFixed(2)}× the Node host's ${fmtMs(edit.median)} in this run; ${webRuns.every((r) => r.inWorker && r.kb === largest) ? `run in the worker, ${largest} KB` : 'NOT all in the worker'}`,
    ...judge(Number(ratio.toFixed(2)), '<=', 2, '×'),
  });
  const own = stat(runs.map((r) => r.editing.ownLongestTask.ms));
  const task = (t) =>
    `${fmtMs(t.ms)} (${t.samples} samples of about ${fmtMs(t.intervalMs)}, the widest gap between two ${fmtMs(t.widestGapMs)}, the next sample ${fmtMs(t.nextSampleMs)} after its last: ${t.top.join(', ')})`;
  report.add({
    section,
    name: `longest task of the extension's code while editing the ${largest} KB record`,
    value: own.max,
    unit: 'ms',
    comparison: `the longest of ${runs.length} runs, from CPU profiles of the extension host (wall time from its first sample to its last plus one interval, garbage collection included; the gap to the next sample is not counted: as wide ones follow idle samples; functions by their source names, from the bundle's source maps): ${runs.map((r) => task(r.editing.ownLongestTask)).join('; ')}`,
    ...judge(own.max, '<=', 16, 'ms'),
  });
  const stalls = stat(runs.map((r) => r.editing.longestStallMs));
  report.add({
    section,
    name: '  longest stall of the extension host meanwhile, whatever its cause',
    value: stalls.median,
    unit: 'ms',
    spread: fmtSpread(stalls),
    comparison: `VS Code, built-in extensions (JSON, merge conflicts, links) and the machine; longest garbage collection ${fmtMs(stat(runs.map((r) => r.editing.longestGcMs)).median)}`,
  });
}

function memoryRows(runs, section, report) {
  const open = runs[0].openBins;
  const records = open.recordBytes;
  const growth = stat(runs.map((r) => r.openBins.heapGrowthBytes));
  const disk = stat(runs.map((r) => r.openBins.diskHeapGrowthBytes));
  const share = stat(runs.map((r) => r.openBins.heapGrowthBytes - r.openBins.diskHeapGrowthBytes));
  report.add({
    section,
    name: `heap growth with ${open.bins} open bins of 500 KB (${fmtBytes(records)} of records)`,
    value: growth.median / records,
    unit: '×',
    comparison: `${fmtBytes(growth.median)}; the same records opened as files (VS Code's own copy): ${fmtBytes(disk.median)} = ${(disk.median / records).toFixed(2)}×`,
  });
  report.add({
    section,
    name: '  of which the extension holds (bins minus files), per record byte',
    value: share.median / records,
    unit: '×',
    comparison: `${fmtBytes(Math.max(0, share.median))} (${runs.map((r) => fmtBytes(Math.max(0, r.openBins.heapGrowthBytes - r.openBins.diskHeapGrowthBytes))).join(', ')})`,
    ...judge(Number((share.median / records).toFixed(2)), '<=', 0.5, '×'),
  });
}

function tableRows(runs, section, report) {
  const table = stat(runs.map((r) => r.table.firstRowsMs));
  const tableRun = runs[0].table;
  report.add({
    section,
    name: `Open as Table to the first rows shown, a collection of ${tableRun.bins.toLocaleString('en')} bins`,
    value: table.median,
    unit: 'ms',
    spread: fmtSpread(table),
    comparison: `the first listing page and the reads of the rows it puts in view, after the session's first webview started the workbench's webview machinery; the ${tableRun.pages} pages all listed (and ${tableRun.visibleRows} rows in view read) after ${fmtMs(stat(runs.map((r) => r.table.listedMs)).median)}`,
    ...judge(table.median, '<=', 1500, 'ms'),
  });
  // Beside it, what any webview costs in this workbench, in the same run: an empty panel's first message.
  const emptyWebview = stat(runs.map((r) => r.table.emptyWebviewMs));
  const tableRatio = stat(runs.map((r) => r.table.firstRowsMs / r.table.emptyWebviewMs));
  report.add({
    section,
    name: '  as a multiple of an empty webview panel to its first message',
    value: tableRatio.median,
    unit: '×',
    spread: `${tableRatio.min.toFixed(1)}–${tableRatio.max.toFixed(1)}×, n=${tableRatio.n}`,
    comparison: `an empty webview panel ${fmtStat(emptyWebview)}, after the session's first one (${fmtMs(stat(runs.map((r) => r.table.firstWebviewMs)).median)}, which starts the workbench's webview machinery for all); beyond it: the first rows' script, the first listing page, the rows in view read and drawn (the grid's script loads meanwhile)`,
    ...judge(Number(tableRatio.median.toFixed(2)), '<=', 2, '×'),
  });
  // The target: the listing's pages plus one read per row in view; the collections' listing (once a session, for the table's title) beside it.
  const extra = Math.max(...runs.map((r) => r.table.reads - r.table.visibleRows + r.table.other.filter((p) => p !== 'GET /v3/c').length));
  report.add({
    section,
    name: `Open as Table: requests beyond the listing's pages and the rows in view, ${tableRun.bins.toLocaleString('en')} bins`,
    value: extra,
    unit: 'requests',
    comparison: `${tableRun.requests} sent: ${tableRun.pages} pages, ${tableRun.reads} reads for ${tableRun.visibleRows} rows in view${tableRun.other.length ? `, ${tableRun.other.join(', ')}` : ''}`,
    ...judge(extra, '=', 0),
  });
}

function treeRows(runs, section, report) {
  const tree = runs[0].tree;
  const at = (i, key) => stat(runs.map((r) => r.tree[key][i]));
  for (const [i, count] of tree.counts.entries()) {
    const first = at(i, 'firstListMs');
    report.add({
      section,
      name: `tree: "Bins in no collection" first expanded, ${count.toLocaleString('en')} remembered bins`,
      value: first.median,
      unit: 'ms',
      spread: fmtSpread(first),
      comparison: `as in a new session (the list taken from the state); expanded again ${fmtMs(at(i, 'listMs').median)}; first level ${fmtMs(at(i, 'firstLevelMs').median)} with ${tree.collections} collections`,
      ...judge(first.median, '<=', 30, 'ms'),
    });
  }
  const medians = tree.counts.map((_, i) => at(i, 'firstListMs').median);
  // Flat: what 1,000 times more bins add is small beside the budget (a ratio of two 2 ms figures is noise).
  const added = medians[medians.length - 1] - medians[0];
  report.add({
    section,
    name: `tree: what ${tree.counts[tree.counts.length - 1].toLocaleString('en')} remembered bins add over ${tree.counts[0]} to the first expansion`,
    value: added,
    unit: 'ms',
    comparison: `${(medians[medians.length - 1] / medians[0]).toFixed(1)}× the time for 1,000 times the bins`,
    ...judge(Number(added.toFixed(1)), '<=', 5, 'ms'),
  });

  const curve = 'Growth: first expansion of the tree vs remembered bins (median of the runs)';
  for (const [i, count] of tree.counts.entries()) {
    report.add({
      section: curve,
      name: `${count.toLocaleString('en')} remembered bins`,
      value: medians[i],
      unit: 'ms',
      bar: medians[i] / Math.max(...medians),
    });
  }
}

function editingCurve(runs, report) {
  const sizes = sizesOf(runs);
  const curve = 'Growth: edit → diagnostics vs record size (median of every edit of every run)';
  const slowest = Math.max(...sizes.map((s) => edits(runs, s).median));
  for (const s of sizes) {
    report.add({ section: curve, name: `${s} KB`, value: edits(runs, s).median, unit: 'ms', bar: edits(runs, s).median / slowest });
  }
}
