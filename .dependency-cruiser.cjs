/**
 * The import-cycle check of `npm test` (tools/run-tests.mjs): no file of libs/ or apps/ may
 * reach itself through its imports. Type-only imports count too (`tsPreCompilationDeps`): lint's
 * import-x/no-cycle cannot see those, and a type cycle is a module split in the wrong place.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file reaches itself through its imports (type-only ones included).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|tmp)/' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
