/**
 * A definition's schema against each provider's strict mode: the provider tables of `rules.ts`
 * applied to one walk of the schema (`walk.ts`). Each problem names its provider and rule and sits
 * on its node: a keyword's problem on the keyword, an object's on the object, a property that is
 * not required on the property, a limit of the whole schema on the schema.
 */
import * as l10n from '@vscode/l10n';
import type { Definition, DefinitionProblem, FixKind, LimitOverrides, Limits, Provider } from './api';
import { CONSTRAINTS, RULES, type KeywordVerdict, type ProviderRules } from './rules';
import { isObject, pointerSegment, walkSchema, type SchemaNode, type SchemaWalk } from './walk';

/** The limits each provider states (`rules.ts`); a setting overrides them (`LimitOverrides`). */
export const DEFAULT_LIMITS: Readonly<Record<Provider, Limits>> = {
  openai: RULES.openai.limits,
  anthropic: RULES.anthropic.limits,
  gemini: RULES.gemini.limits,
};

/** Every rule of `providers` that `definition` breaks, provider by provider, each in the order of its nodes. */
export function checkDefinition(definition: Definition, providers: readonly Provider[], limits?: LimitOverrides): DefinitionProblem[] {
  const walk = walkSchema(definition.schema);
  return providers.flatMap((provider) => {
    const problems: DefinitionProblem[] = [];
    const rules = RULES[provider];
    const label = rules.label();
    const add = (rule: string, path: string, severity: DefinitionProblem['severity'], message: string, fix?: FixKind) =>
      problems.push({
        provider,
        rule,
        path,
        pointer: definition.schemaPointer + path,
        severity,
        message: l10n.t('{0}: {1}', label, message),
        ...(fix && { fix }),
      });
    if (rules.name && !rules.name.test(definition.name)) {
      problems.push({
        provider,
        rule: 'name',
        path: '',
        pointer: definition.namePointer,
        severity: 'error',
        message: l10n.t('{0}: {1}', label, l10n.t('the name does not match {0}', String(rules.name))),
      });
    }
    const recursive = new Set(walk.recursive);
    for (const node of walk.nodes) {
      checkNode(rules, node, recursive.has(node), add);
    }
    checkLimits(walk, { ...DEFAULT_LIMITS[provider], ...defined(limits?.[provider]) }, add);
    return problems;
  });
}

type Add = (rule: string, path: string, severity: DefinitionProblem['severity'], message: string, fix?: FixKind) => void;

const defined = (limits: Limits | undefined) => Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => typeof value === 'number')) as Limits;

const VERDICTS: Record<KeywordVerdict, { severity: DefinitionProblem['severity']; message: (keyword: string) => string }> = {
  refused: { severity: 'error', message: (keyword) => l10n.t('{0} is not supported', keyword) },
  unclear: { severity: 'warning', message: (keyword) => l10n.t('{0} may not be supported (the documentation is not clear)', keyword) },
  ignored: { severity: 'warning', message: (keyword) => l10n.t('{0} is ignored: the output is not held to it', keyword) },
};

function checkNode(rules: ProviderRules, node: SchemaNode, recursive: boolean, add: Add) {
  const { schema, path } = node;
  const under = (keyword: string) => `${path}/${pointerSegment(keyword)}`;
  const fixOf = (keyword: string) => (CONSTRAINTS.has(keyword) ? ('intoDescription' as const) : undefined);
  if (rules.rootObject && path === '' && (schema.type !== 'object' || 'anyOf' in schema)) {
    add('rootObject', path, 'error', l10n.t('the root is an object, not anyOf'));
  }
  if (rules.closedObjects && node.isObject && schema.additionalProperties !== false) {
    add('additionalPropertiesFalse', path, 'error', l10n.t('every object has additionalProperties: false'), 'additionalPropertiesFalse');
  }
  if (rules.requireEvery && isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const name of Object.keys(schema.properties).filter((name) => !required.has(name))) {
      add(
        'requireEvery',
        `${under('properties')}/${pointerSegment(name)}`,
        'error',
        l10n.t('every property is required ("{0}" is not; make it a union with "null")', name),
        'requireEvery',
      );
    }
  }
  for (const [keyword, value] of Object.entries(schema)) {
    const verdict = Object.hasOwn(rules.keywords, keyword)
      ? rules.keywords[keyword]
      : rules.supported && !rules.supported.includes(keyword)
        ? rules.otherKeywords
        : undefined;
    if (verdict) {
      add('keyword', under(keyword), VERDICTS[verdict].severity, VERDICTS[verdict].message(keyword), fixOf(keyword));
    } else if (keyword === 'format' && rules.formats && typeof value === 'string' && !rules.formats.includes(value)) {
      add('format', under(keyword), 'error', l10n.t('format "{0}" is not supported', value), 'intoDescription');
    } else if (keyword === 'minItems' && rules.minItems && typeof value === 'number' && !rules.minItems.includes(value)) {
      add(
        'minItems',
        under(keyword),
        'error',
        l10n.t(
          'minItems is {0} only, not {1}',
          rules.minItems.map(String).reduce((all, next) => l10n.t('{0} or {1}', all, next)),
          value,
        ),
        'intoDescription',
      );
    } else if (keyword === 'pattern' && rules.plainPatterns && typeof value === 'string' && !plainPattern(value)) {
      add('pattern', under(keyword), 'error', l10n.t('a pattern has no backreference, lookaround or \\b'), 'intoDescription');
    } else if (keyword === 'enum' && rules.primitiveEnums && Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
      add('enumPrimitives', under(keyword), 'error', l10n.t('enum values are strings, numbers, booleans or null'));
    } else if (
      keyword === 'allOf' &&
      rules.noAllOfWithRef &&
      Array.isArray(value) &&
      ('$ref' in schema || value.some((branch) => isObject(branch) && '$ref' in branch))
    ) {
      add('allOfWithRef', under(keyword), 'error', l10n.t('allOf is not supported together with $ref'));
    } else if (keyword === '$ref' && recursive && rules.recursion === 'refused') {
      add('recursion', under(keyword), 'error', l10n.t('a recursive $ref is not supported'));
    } else if (keyword === '$ref' && recursive && rules.recursion === 'inOptionalProperty' && !(node.inProperty && !node.inProperty.required)) {
      add('recursion', under(keyword), 'error', l10n.t('a recursive $ref is supported only in a property that is not required'));
    }
  }
}

/** No backreference (`\1`, `\k<name>`), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) or word boundary `\b` outside a class, where it means a backspace. */
function plainPattern(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[++i] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 1] === '<') || (next === 'b' && !inClass)) {
        return false;
      }
    } else if (inClass) {
      inClass = c !== ']';
    } else if (c === '[') {
      inClass = true;
    } else if (c === '(' && /^\?(=|!|<=|<!)/.test(pattern.slice(i + 1, i + 4))) {
      return false;
    }
  }
  return true;
}

function checkLimits(walk: SchemaWalk, limits: Limits, add: Add) {
  const over = (limit: number | undefined, value: number) => limit !== undefined && value > limit;
  if (over(limits.properties, walk.properties)) {
    add('maxProperties', '', 'error', l10n.t('{0} object properties in all, more than {1}', walk.properties, limits.properties!));
  }
  if (limits.nesting !== undefined) {
    // The first object too deep on each branch: those under it are the same problem.
    for (const node of walk.nodes.filter((node) => node.isObject && node.level === limits.nesting! + 1)) {
      add('maxNesting', node.path, 'error', l10n.t('objects nest {0} levels at most', limits.nesting));
    }
  }
  if (over(limits.characters, walk.characters)) {
    add(
      'maxCharacters',
      '',
      'error',
      l10n.t('{0} characters of property names, definition names, enum and const values, more than {1}', walk.characters, limits.characters!),
    );
  }
  if (over(limits.enumValues, walk.enumValues)) {
    add('maxEnumValues', '', 'error', l10n.t('{0} enum values in all, more than {1}', walk.enumValues, limits.enumValues!));
  }
  if (limits.longEnum !== undefined && limits.longEnumCharacters !== undefined) {
    for (const node of walk.nodes) {
      const values = node.schema.enum;
      if (Array.isArray(values) && values.length > limits.longEnum && values.every((v) => typeof v === 'string')) {
        const characters = values.reduce((sum, v) => sum + v.length, 0);
        if (characters > limits.longEnumCharacters) {
          add(
            'longEnumCharacters',
            `${node.path}/enum`,
            'error',
            l10n.t('a string enum of more than {0} values has at most {1} characters, not {2}', limits.longEnum, limits.longEnumCharacters, characters),
          );
        }
      }
    }
  }
}
