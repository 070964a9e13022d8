import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noUnlocalizedLiteral from './eslint-rules/no-unlocalized-literal.mjs';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        AbortSignal: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      curly: ['warn', 'multi-line'],
      eqeqeq: 'error',
      'no-throw-literal': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // An async function that does not await still fits where a promise is expected.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Every word the user sees is localizable: no literal reaches a notification, a pick, a tree item… unwrapped.
  {
    files: ['src/**/*.ts'],
    // The command table's titles are the manifest's: package.nls.json holds them (npm run manifest).
    ignores: ['src/extension/commands/commandTable.ts'],
    plugins: { l10n: { rules: { 'no-unlocalized-literal': noUnlocalizedLiteral } } },
    rules: {
      'l10n/no-unlocalized-literal': [
        'error',
        {
          // The errors whose message is shown, by the arguments that make it.
          errorClasses: { BinServiceError: [1], Refused: [0, 1], SchemaDocProblem: [0], CannotValidate: [0], Cancelled: [0] },
          // The prompter's questions (src/extension/ui/prompter.ts).
          messageCalls: ['confirm', 'progress'],
          pickCalls: ['pick'],
        },
      ],
    },
  },
  // Scripts, runners and the browser test are plain JavaScript modules outside the TypeScript project.
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
);
