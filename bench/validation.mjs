// 1. Schema diagnostics: the project's pass from text to diagnostics with ranges, against
// vscode-json-languageservice's doValidation (the engine of VS Code's own JSON diagnostics).
import { createRequire } from 'node:module';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { judge } from './report.mjs';
import { alternate, alternating, fmtBytes, fmtSpread, fmtStat, summarize, time } from './stats.mjs';

const require = createRequire(import.meta.url);
const { checkText, SchemaCompiler } = require('../out/src/core/schema/validator.js');
const { brokenCourseModule, courseModule, courseModuleSchema } = require('../out/test/service/courseModule.js');

/** A record holds many course modules, each checked by the contract's example schema. */
const schema = { type: 'array', items: courseModuleSchema };

const SIZES = [10, 100, 500, 1024].map((kb) => kb * 1024);
/** The default of `jsonbin.validation.maxProblems`. */
const DEFAULT_MAX_PROBLEMS = 100;
/** Rounds of ours against a bare JSON.parse of the same text. */
const PARSE_ROUNDS = 51;

/** Course modules as the contract's example shapes them, as many as make about `bytes`. */
function modules(bytes, make) {
  const record = [];
  for (let size = 0; size < bytes;) {
    const module = make(record.length);
    record.push(module);
    size += JSON.stringify(module, null, 2).length + 4 * 2 * 30;
  }
  return record;
}

const validRecord = (bytes) => modules(bytes, (n) => courseModule(`Topic ${n}`, n));
/** Each module with five problems: a wrong type, a missing property, an extra key, two item counts. */
const brokenRecord = (bytes) => modules(bytes, (n) => brokenCourseModule(`Topic ${n}`));

/**
 * Offsets to line and character as VS Code's TextDocument.positionAt does, from the line index the
 * document keeps (the language service's TextDocument keeps its own the same way).
 */
function lineIndex(text) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  return lineStarts;
}

function positions(lineStarts, problems) {
  const at = (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - lineStarts[lo] };
  };
  return problems.map((p) => ({ start: at(p.offset), end: at(p.offset + p.length), message: p.message }));
}

export async function benchValidation() {
  const compiler = new SchemaCompiler();
  const compileTimes = [];
  for (let i = 0; i < 7; i++) compileTimes.push(await time(() => new SchemaCompiler().compile('course', schema)));
  const validate = await compiler.compile('course', schema);

  const ls = getLanguageService({});
  ls.configure({ validate: true, allowComments: false, schemas: [{ uri: 'bench://course.schema.json', fileMatch: ['*.json'], schema }] });

  const rows = [];
  let againstParse;
  for (const bytes of SIZES) {
    for (const kind of ['valid', 'problems']) {
      const text = JSON.stringify(kind === 'valid' ? validRecord(bytes) : brokenRecord(bytes), null, 2);
      const document = TextDocument.create('file:///bench/record.json', 'json', 1, text);
      const lines = lineIndex(text);
      document.positionAt(0);
      let ours = [];
      let theirs = [];
      const runs = bytes >= 500 * 1024 ? 15 : 31;
      const [project, uncapped, languageService, parse, parseAndAjv] = await alternate(
        [
          () => (ours = positions(lines, checkText(text, validate, DEFAULT_MAX_PROBLEMS).schema)),
          () => positions(lines, checkText(text, validate).schema),
          async () => (theirs = await ls.doValidation(document, ls.parseJSONDocument(document))),
          // What any check that parses the text and lists its problems spends before placing one.
          () => JSON.parse(text),
          () => validate(JSON.parse(text)),
        ],
        runs,
      );
      const problems = `${ours.length} / ${theirs.length}`;
      rows.push({ size: fmtBytes(Buffer.byteLength(text)), kind, problems, project, uncapped, languageService, parse, parseAndAjv, bytes });
      if (kind === 'valid' && bytes === 500 * 1024) {
        // Everything our path does for the text (parse, check, placing) against the parse alone.
        const [withUs, parse, ratios] = await alternating(
          () => positions(lines, checkText(text, validate, DEFAULT_MAX_PROBLEMS).schema),
          () => JSON.parse(text),
          PARSE_ROUNDS,
        );
        againstParse = { ours: withUs, parse, ratios };
      }
    }
  }
  return { compile: summarize(compileTimes), rows, againstParse };
}

const SECTION = 'Schema diagnostics: text → problems with positions, ours vs vscode-json-languageservice doValidation';

export function validationRows({ compile, rows, againstParse }, report) {
  const at500 = (kind) => rows.find((r) => r.bytes === 500 * 1024 && r.kind === kind);
  const valid = at500('valid');
  const problems = at500('problems');
  const ratio = (ls, ours) => ls.median / ours.median;
  const pair = (ours, ls) => `ours ${fmtStat(ours)}, LS ${fmtStat(ls)}`;
  report.add({
    section: SECTION,
    name: `valid ${valid.size} record: times faster than LS`,
    value: ratio(valid.languageService, valid.project),
    unit: '×',
    comparison: pair(valid.project, valid.languageService),
    ...judge(ratio(valid.languageService, valid.project), '>=', 20, '×'),
  });
  report.add({
    section: SECTION,
    name: 'the most the row above can reach: LS / bare JSON.parse (ours parses the text)',
    value: ratio(valid.languageService, valid.parse),
    unit: '×',
    comparison: `JSON.parse ${fmtStat(valid.parse)}, LS ${fmtStat(valid.languageService)}, in the same rounds`,
  });
  const { ours, parse, ratios } = againstParse;
  report.add({
    section: SECTION,
    name: 'valid record: ours / bare JSON.parse of the same text',
    value: ratios.median,
    unit: '×',
    comparison: `median of ${ratios.n} rounds' ratios (${ratios.min.toFixed(2)}–${ratios.max.toFixed(2)}); ours ${fmtStat(ours)}, JSON.parse ${fmtStat(parse)}`,
    ...judge(ratios.median, '<=', 1.3, '×'),
  });
  report.add({
    section: SECTION,
    name: `placing every problem (${problems.problems.split(' / ')[1]}), ${problems.size}: times faster than LS`,
    value: ratio(problems.languageService, problems.uncapped),
    unit: '×',
    comparison: pair(problems.uncapped, problems.languageService),
    ...judge(ratio(problems.languageService, problems.uncapped), '>=', 10, '×'),
  });
  report.add({
    section: SECTION,
    name: 'the most the row above can reach: LS / (JSON.parse + Ajv listing every problem), before placing one',
    value: ratio(problems.languageService, problems.parseAndAjv),
    unit: '×',
    comparison: `JSON.parse and Ajv ${fmtStat(problems.parseAndAjv)}, LS ${fmtStat(problems.languageService)}, in the same rounds`,
  });
  report.add({
    section: SECTION,
    name: `the same, placing the first ${DEFAULT_MAX_PROBLEMS} (the default cap)`,
    value: ratio(problems.languageService, problems.project),
    unit: '×',
    comparison: pair(problems.project, problems.languageService),
  });
  report.add({ section: SECTION, name: 'schema compilation (once per schema doc version)', value: compile.median, unit: 'ms', spread: fmtSpread(compile) });
  const curve = 'Growth: validation time vs record size (ours placing every problem; LS)';
  const longest = Math.max(...rows.map((r) => r.languageService.median));
  for (const r of rows) {
    const ours = r.kind === 'valid' ? r.project : r.uncapped;
    report.add({ section: curve, name: `${r.size} ${r.kind}: ours`, value: ours.median, unit: 'ms', bar: ours.median / longest });
    report.add({ section: curve, name: `${r.size} ${r.kind}: LS`, value: r.languageService.median, unit: 'ms', bar: r.languageService.median / longest });
  }
}
