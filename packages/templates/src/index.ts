// The template engine: scaffold.yaml, includes, variables and sandboxed Liquid rendering.
export {};
