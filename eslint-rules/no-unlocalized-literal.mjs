// An ESLint rule: a string or template literal that reaches text the user sees (a notification, a
// quick pick, an input box, a tree item, a status bar item's name, a progress notification, a
// diagnostic, a Markdown string, a command's title, a webview panel's or a Source Control's title,
// an output channel's name, a diff's title, an error's message) must come from `l10n.t` or
// `vscode.l10n.t`, so that it can be translated. It reads the syntax only: a sink is known by its
// name (`showInformationMessage`, `new TreeItem`, `.tooltip =`…), and a literal is followed
// through `+`, `?:`, `??`, `||`, arrays and casts, but not into a function it is passed through.

/** A literal without a letter (`''`, `' — '`, `'$(sync~spin)'`) has nothing to translate. */
const CODICON = /\$\([\w~-]+\)/g;
const hasWords = (text) => /\p{L}/u.test(text.replace(CODICON, ''));

/** Properties of an options or item object that the user reads. */
const SHOWN_PROPERTIES = new Set([
  'label',
  'description',
  'detail',
  'tooltip',
  'title',
  'placeHolder',
  'placeholder',
  'prompt',
  'validationMessage',
  'openLabel',
  'saveLabel',
  // A language model tool's progress message, shown in the chat while it runs.
  'invocationMessage',
]);
/** Properties of an object assigned to (`item.tooltip = …`) that the user reads. */
const SHOWN_MEMBERS = new Set([...SHOWN_PROPERTIES, 'text', 'message', 'name']);

/** Calls whose arguments, all of them, are shown (a message, then its buttons). */
const MESSAGE_CALLS = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'setStatusBarMessage']);
/** Calls whose first argument holds items (strings, or objects whose shown properties are checked where they are written). */
const PICK_CALLS = new Set(['showQuickPick']);
/** `progress.report({ message })`: a message is shown only there. */
const REPORT_CALLS = new Set(['report']);
/**
 * Calls and the argument of each that is shown: a webview panel's title, a Source Control's and
 * its groups' titles, an output channel's name. (A status bar item's name is set as `item.name`:
 * `createStatusBarItem`'s arguments are an id, an alignment and a priority.)
 */
const SHOWN_CALL_ARGUMENT = new Map([
  ['createWebviewPanel', 1],
  ['createSourceControl', 1],
  ['createResourceGroup', 1],
  ['createOutputChannel', 0],
]);
/** Built-in commands run through `executeCommand`, and the argument of each (after the command's id) that is shown. */
const SHOWN_COMMAND_ARGUMENT = new Map([
  ['vscode.diff', 3],
  ['vscode.changes', 1],
]);
/** Constructors and the argument of each that is shown (an object's shown properties are checked where they are written). */
const SHOWN_ARGUMENT = new Map([
  ['TreeItem', 0],
  ['MarkdownString', 0],
  ['Diagnostic', 1],
  ['CodeAction', 0],
]);

const keyOf = (property) => (property.computed ? undefined : (property.key.name ?? property.key.value));

const nameOf = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : undefined;

/** `l10n.t(…)`, `vscode.l10n.t(…)` and their tagged template form. */
function isLocalized(node) {
  const callee = node.type === 'CallExpression' ? node.callee : node.type === 'TaggedTemplateExpression' ? node.tag : undefined;
  if (callee?.type !== 'MemberExpression' || callee.computed || callee.property.name !== 't') {
    return false;
  }
  const owner = callee.object;
  return (owner.type === 'Identifier' && owner.name === 'l10n') || (owner.type === 'MemberExpression' && !owner.computed && owner.property.name === 'l10n');
}

/** The literals with words that `node`'s value may be made of. */
function literalsIn(node) {
  if (!node) {
    return [];
  }
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasWords(node.value) ? [node] : [];
    case 'TemplateLiteral':
      if (node.quasis.some((q) => hasWords(q.value.cooked ?? q.value.raw))) {
        return [node];
      }
      // `$(${icon})`: a value between `$(` and `)` names a codicon, not a word.
      return node.expressions.flatMap((e, i) => (node.quasis[i].value.raw.endsWith('$(') && node.quasis[i + 1].value.raw.startsWith(')') ? [] : literalsIn(e)));
    case 'BinaryExpression':
      return node.operator === '+' ? [...literalsIn(node.left), ...literalsIn(node.right)] : [];
    case 'LogicalExpression':
      return [...literalsIn(node.left), ...literalsIn(node.right)];
    case 'ConditionalExpression':
      return [...literalsIn(node.consequent), ...literalsIn(node.alternate)];
    case 'ArrayExpression':
      return node.elements.flatMap(literalsIn);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ChainExpression':
      return literalsIn(node.expression);
    case 'SpreadElement':
      return literalsIn(node.argument);
    default:
      return [];
  }
}

/** The `return`s of a function, not of the functions inside it. */
function returnedBy(fn) {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') {
    return [];
  }
  if (fn.body.type !== 'BlockStatement') {
    return literalsIn(fn.body);
  }
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string' || /Function/.test(node.type)) {
      return;
    }
    if (node.type === 'ReturnStatement') {
      found.push(...literalsIn(node.argument));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'parent') {
        for (const child of Array.isArray(value) ? value : [value]) {
          if (child && typeof child === 'object') {
            visit(child);
          }
        }
      }
    }
  };
  fn.body.body.forEach(visit);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text goes through l10n.t or vscode.l10n.t, never as a literal.' },
    schema: [
      {
        type: 'object',
        properties: {
          /**
           * Error classes whose message the user reads, by name, with the arguments that make it
           * (a class not named here whose name ends in `Error` makes it of its first argument).
           */
          errorClasses: { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } },
          /** The project's own calls that show their arguments as `showWarningMessage` does. */
          messageCalls: { type: 'array', items: { type: 'string' } },
          /** The project's own calls that take items first as `showQuickPick` does. */
          pickCalls: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      literal: 'User-visible text must be localized: wrap it in l10n.t(…) or vscode.l10n.t(…), with {0} placeholders for its values.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const errorClasses = new Map(Object.entries(options.errorClasses ?? {}));
    const messageCalls = new Set([...MESSAGE_CALLS, ...(options.messageCalls ?? [])]);
    const pickCalls = new Set([...PICK_CALLS, ...(options.pickCalls ?? [])]);
    const report = (nodes) => nodes.forEach((node) => context.report({ node, messageId: 'literal' }));
    return {
      CallExpression(node) {
        if (isLocalized(node)) {
          return;
        }
        const name = nameOf(node.callee);
        if (messageCalls.has(name)) {
          report(node.arguments.flatMap(literalsIn));
        } else if (pickCalls.has(name)) {
          report(literalsIn(node.arguments[0]));
        } else if (SHOWN_CALL_ARGUMENT.has(name)) {
          report(literalsIn(node.arguments[SHOWN_CALL_ARGUMENT.get(name)]));
        } else if (name === 'executeCommand' && SHOWN_COMMAND_ARGUMENT.has(node.arguments[0]?.value)) {
          report(literalsIn(node.arguments[SHOWN_COMMAND_ARGUMENT.get(node.arguments[0].value)]));
        } else if (REPORT_CALLS.has(name) && node.arguments[0]?.type === 'ObjectExpression') {
          report(node.arguments[0].properties.flatMap((p) => (p.type === 'Property' && keyOf(p) === 'message' ? literalsIn(p.value) : [])));
        }
      },
      NewExpression(node) {
        const name = nameOf(node.callee);
        const shown = errorClasses.get(name) ?? (/Error$/.test(name ?? '') ? [0] : undefined);
        if (shown) {
          report(shown.flatMap((i) => literalsIn(node.arguments[i])));
        } else if (SHOWN_ARGUMENT.has(name)) {
          report(literalsIn(node.arguments[SHOWN_ARGUMENT.get(name)]));
        }
      },
      AssignmentExpression(node) {
        const target = node.left;
        if (
          target.type === 'MemberExpression' &&
          !target.computed &&
          SHOWN_MEMBERS.has(target.property.name) &&
          ['=', '+=', '??=', '||='].includes(node.operator)
        ) {
          report(literalsIn(node.right));
        }
      },
      // Any object literal's shown property: a QuickPickItem, a Command, an input box's or a
      // progress notification's options, a TreeItemLabel, wherever the object is made.
      Property(node) {
        if (node.parent.type !== 'ObjectExpression') {
          return;
        }
        const key = keyOf(node);
        if (key === 'validateInput') {
          report(returnedBy(node.value));
        } else if (SHOWN_PROPERTIES.has(key)) {
          report(literalsIn(node.value));
        }
      },
    };
  },
};
