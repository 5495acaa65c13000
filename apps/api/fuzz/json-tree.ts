/**
 * A JSON document as a tree that can hold what a JavaScript object cannot: own `__proto__`
 * keys, duplicate keys, numbers beyond a double (`9007199254740993`, `1e400`), `-0`. The fuzz
 * suite mutates bodies as trees and sends their text, so what the server parses is exactly
 * what was meant.
 */
export type JsonNode =
  | { readonly kind: 'raw'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'array'; readonly items: JsonNode[] }
  | { readonly kind: 'object'; readonly entries: [string, JsonNode][] };

/** A value written as it stands in the JSON text (a number, literal or whole sub-document). */
export const raw = (text: string): JsonNode => ({ kind: 'raw', text });

/** The tree of a plain JSON value. */
export function toTree(value: unknown): JsonNode {
  if (typeof value === 'string') return { kind: 'string', value };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toTree) };
  if (value !== null && typeof value === 'object') {
    return {
      kind: 'object',
      entries: Object.entries(value).map(([k, v]): [string, JsonNode] => [k, toTree(v)]),
    };
  }
  return raw(JSON.stringify(value ?? null));
}

/** A deep copy of a tree (mutations change nodes in place). */
export function cloneTree(node: JsonNode): JsonNode {
  switch (node.kind) {
    case 'raw':
    case 'string':
      return { ...node };
    case 'array':
      return { kind: 'array', items: node.items.map(cloneTree) };
    case 'object':
      return {
        kind: 'object',
        entries: node.entries.map(([k, v]): [string, JsonNode] => [k, cloneTree(v)]),
      };
  }
}

/** The JSON text of a tree. Strings (lone surrogates included) are escaped as JSON escapes them. */
export function toJsonText(node: JsonNode): string {
  switch (node.kind) {
    case 'raw':
      return node.text;
    case 'string':
      return JSON.stringify(node.value);
    case 'array':
      return `[${node.items.map(toJsonText).join(',')}]`;
    case 'object':
      return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
}

/** A place in a tree: the node, its key in its parent and the parent (none for the root). */
export interface Slot {
  readonly node: JsonNode;
  readonly key: string | undefined;
  readonly set: ((node: JsonNode) => void) | undefined;
  readonly remove: (() => void) | undefined;
}

/** Every node of a tree with the means to replace or remove it, root first. */
export function slots(root: JsonNode, setRoot: (node: JsonNode) => void): Slot[] {
  const found: Slot[] = [];
  const visit = (
    node: JsonNode,
    key: string | undefined,
    set: Slot['set'],
    remove: Slot['remove'],
  ) => {
    found.push({ node, key, set, remove });
    if (node.kind === 'array') {
      node.items.forEach((item, index) =>
        visit(
          item,
          String(index),
          (next) => {
            node.items[index] = next;
          },
          () => {
            node.items.splice(node.items.indexOf(item), 1);
          },
        ),
      );
    } else if (node.kind === 'object') {
      for (const entry of node.entries) {
        visit(
          entry[1],
          entry[0],
          (next) => {
            entry[1] = next;
          },
          () => {
            node.entries.splice(node.entries.indexOf(entry), 1);
          },
        );
      }
    }
  };
  visit(root, undefined, setRoot, undefined);
  return found;
}
