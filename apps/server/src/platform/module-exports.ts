/**
 * What a CommonJS package exports, loaded with `import()`: its `module.exports`. Node hands it over
 * as the namespace's `default` (named exports beside it only where its lexer finds them), and the
 * bundle (scripts/bundle.mjs) puts a CommonJS package loaded with `import()` in a chunk of its own
 * whose only export is `default`: a named export read from the namespace worked from the sources and
 * was undefined in the bundle (`Redis is not a constructor`, issue 62). Every `import()` of a
 * CommonJS package goes through here (module-exports.test.ts finds them in the sources).
 */
export async function moduleExports<T>(loading: Promise<T>): Promise<T extends { default: infer D } ? D : T> {
  const ns = (await loading) as { default?: unknown };
  return (ns.default ?? ns) as T extends { default: infer D } ? D : T;
}
