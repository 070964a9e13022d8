/**
 * One Ajv per schema doc, of the dialect its `$schema` names, so that schema docs never share ids
 * and each is read by its own rules. Patterns run on RE2 (linear time): a schema's regular
 * expression cannot freeze the editor.
 */
import * as l10n from '@vscode/l10n';
import { Ajv, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import DRAFT_06_META from 'ajv/dist/refs/json-schema-draft-06.json';
import { SchemaDocProblem } from './problems';

export type Dialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

const BY_URI: Record<string, Dialect> = {
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

/** The dialect a schema names with `$schema`; without one, draft-07 (Ajv's default). */
export function dialectOf(schema: object): Dialect {
  const declared = (schema as { $schema?: unknown }).$schema;
  if (declared === undefined) {
    return 'draft-07';
  }
  const key = typeof declared === 'string' ? declared.replace(/^https?:\/\//, '').replace(/#$/, '') : '';
  const dialect = BY_URI[key];
  if (!dialect) {
    throw new SchemaDocProblem(
      l10n.t('its $schema {0} is not a dialect this editor knows (draft-04, draft-06, draft-07, 2019-09 or 2020-12)', JSON.stringify(declared)),
    );
  }
  return dialect;
}

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/** Ajv's regular expressions, on RE2: no backtracking, so no pattern can take exponential time. */
async function safeRegExp(): Promise<RegExpEngine> {
  const { RE2JS } = await import('re2js');
  const engine = (pattern: string, flags: string) => {
    let compiled: InstanceType<typeof RE2JS>;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (error) {
      throw new SchemaDocProblem(
        l10n.t(
          "the pattern {0} cannot run on the editor's safe regex engine ({1}); lookaheads and backreferences are not supported",
          JSON.stringify(pattern),
          (error as Error).message,
        ),
      );
    }
    // Ajv tells patterns apart by their text: each needs its own.
    return { test: (s: string) => compiled.test(s), toString: () => `/${pattern}/${flags}` };
  };
  return Object.assign(engine, { code: 'safeRegExp' });
}

// No logger: Ajv's warnings (an unknown format ignored) would go to a console nobody reads.
const OPTIONS: Options = { allErrors: true, strict: false, allowUnionTypes: true, logger: false };

/** A fresh Ajv of the dialect, with formats. */
export async function ajvFor(dialect: Dialect): Promise<Ajv> {
  const options: Options = { ...OPTIONS, code: { regExp: await safeRegExp() } };
  let ajv: Ajv;
  switch (dialect) {
    case 'draft-04':
      ajv = new AjvDraft04(options);
      break;
    case '2019-09':
      ajv = new Ajv2019(options);
      break;
    case '2020-12':
      ajv = new Ajv2020(options);
      break;
    default: {
      ajv = new Ajv(options);
      if (dialect === 'draft-06') {
        ajv.addMetaSchema(DRAFT_06_META);
      }
    }
  }
  addFormats(ajv);
  return ajv;
}
