import {
  AliasNode, DeleteQueryNode, IdentifierNode, InsertQueryNode, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryResult, type RootOperationNode, SelectQueryNode, TableNode, type UnknownRow, UpdateQueryNode,
} from 'kysely';

/**
 * Counts the statements the app sends through Kysely, by kind and first table ("select link_checks",
 * "select link_check_hosts as h"), and the rows its inserts, updates and deletes report. The app gets a
 * Kysely with this plugin; the benchmark keeps its own queries on the plain one, so they are not counted.
 * Transactions' begin and commit do not pass through plugins and are not counted.
 */
export class StatementCounter implements KyselyPlugin {
  private readonly statements = new Map<string, number>();
  private written = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const key = describe(node);
    this.statements.set(key, (this.statements.get(key) ?? 0) + 1);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (result.numAffectedRows !== undefined) this.written += Number(result.numAffectedRows);
    return result;
  }

  reset(): void {
    this.statements.clear();
    this.written = 0;
  }

  /** Statements so far, most frequent first, and the rows they wrote. */
  snapshot(): { statements: [string, number][]; total: number; rowsWritten: number } {
    const statements = [...this.statements].sort((a, b) => b[1] - a[1]);
    return { statements, total: statements.reduce((sum, [, n]) => sum + n, 0), rowsWritten: this.written };
  }
}

function describe(node: RootOperationNode): string {
  if (SelectQueryNode.is(node)) return `select ${tableOf(node.from?.froms[0])}`;
  if (InsertQueryNode.is(node)) return `insert ${tableOf(node.into)}`;
  if (UpdateQueryNode.is(node)) return `update ${tableOf(node.table)}`;
  if (DeleteQueryNode.is(node)) return `delete ${tableOf(node.from.froms[0])}`;
  return node.kind === 'RawNode' ? 'raw sql' : node.kind;
}

function tableOf(node: OperationNode | undefined): string {
  if (node === undefined) return '(no table)';
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return `${tableOf(node.node)} as ${IdentifierNode.is(node.alias) ? node.alias.name : '?'}`;
  return `(${node.kind})`;
}
