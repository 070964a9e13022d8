export { AccountNode } from './accountNode';
export { BinNode } from './binNode';
export { CollectionNode } from './collectionNode';
export { CollectionsNode, UncategorizedNode } from './groupNodes';
export { LoadMoreNode, REMEMBERED, REMEMBERED_PER_PAGE } from './loadMoreNode';
export { MessageNode } from './messageNode';
export { noMatch, Node, type Listings, type RowFilter } from './node';
export { SchemaDocNode } from './schemaDocNode';

import { AccountNode } from './accountNode';
import { BinNode } from './binNode';
import { CollectionNode } from './collectionNode';
import { CollectionsNode, UncategorizedNode } from './groupNodes';
import { LoadMoreNode } from './loadMoreNode';
import { MessageNode } from './messageNode';
import { SchemaDocNode } from './schemaDocNode';

/** Every `viewItem` a row can have, for checking the manifest's `when` clauses. */
export const ALL_CONTEXT_VALUES: readonly string[] = [
  ...AccountNode.contextValues,
  CollectionsNode.contextValue,
  UncategorizedNode.contextValue,
  ...CollectionNode.contextValues,
  SchemaDocNode.contextValue,
  ...BinNode.contextValues,
  LoadMoreNode.contextValue,
  MessageNode.contextValue,
];
